10 REM jumping out of an inner loop; the outer NEXT I discards it
20 FOR I=1 TO 3
30 FOR J=1 TO 5
40 IF J=2 THEN GOTO 60
50 NEXT J
60 PRINT I;J
70 NEXT I
