10 REM with OPTION BASE 1, index 0 is out of range
20 OPTION BASE 1
30 DIM A(3):A(1)=1:A(3)=3
40 PRINT A(1);A(3)
50 PRINT A(0)
