10 REM a negative selector is an Illegal function call
20 ON -1 GOTO 100
30 PRINT "NO"
100 PRINT "NO"
