10 REM using an array with the wrong number of subscripts
20 DIM A(3,3)
30 A(1,1)=1:PRINT A(1,1)
40 PRINT A(1)
