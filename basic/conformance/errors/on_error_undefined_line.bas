10 REM ON ERROR GOTO a missing line is Undefined line number
20 ON ERROR GOTO 500
30 PRINT "NOT HERE"
