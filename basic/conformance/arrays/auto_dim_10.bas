10 REM an undeclared array has indices 0..10
20 A(10)=5:A(0)=1
30 PRINT A(0);A(10);A(5)
