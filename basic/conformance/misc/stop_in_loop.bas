10 REM STOP reports the line it is on
20 FOR I=1 TO 3:PRINT I;:IF I=2 THEN STOP
30 NEXT
