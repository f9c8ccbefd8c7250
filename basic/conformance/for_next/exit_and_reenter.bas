10 REM leaving a loop by GOTO and starting it again many times is fine
20 FOR T=1 TO 50
30 FOR I=1 TO 10:IF I=3 THEN GOTO 50
40 NEXT I
50 NEXT T
60 PRINT T;I
