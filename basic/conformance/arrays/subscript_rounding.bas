10 REM subscripts are rounded to integers
20 DIM A(5)
30 A(1.5)=7:A(2.4)=8
40 PRINT A(2);A(1)
