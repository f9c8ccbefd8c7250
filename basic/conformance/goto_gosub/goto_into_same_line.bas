10 REM a GOTO to its own line restarts the line
20 I=I+1:PRINT I;:IF I<3 THEN GOTO 20
30 PRINT
