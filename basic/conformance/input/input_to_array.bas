10 REM INPUT into array elements
20 DIM A(3)
30 INPUT A(1),A(2)
40 PRINT A(1)+A(2)
