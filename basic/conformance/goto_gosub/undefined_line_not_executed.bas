10 REM a GOTO to a missing line that never executes is harmless
20 IF 0 THEN GOTO 9999
30 PRINT "FINE"
40 END
50 GOTO 12345
