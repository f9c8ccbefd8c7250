10 REM two-dimensional arrays
20 DIM M(2,3)
30 FOR I=0 TO 2:FOR J=0 TO 3:M(I,J)=I*10+J:NEXT J,I
40 PRINT M(0,0);M(1,2);M(2,3)
50 PRINT M(3,0)
