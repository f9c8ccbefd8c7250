10 REM an array and a scalar of the same name are different
20 A=5:A(1)=6
30 PRINT A;A(1)
