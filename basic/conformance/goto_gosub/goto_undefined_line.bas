10 REM GOTO to a missing line is Undefined line number when it executes
20 PRINT "A"
30 GOTO 35
40 PRINT "B"
