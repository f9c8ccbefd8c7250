10 REM a WHILE with no condition still counts in another WHILE's scan for its WEND
20 ON ERROR GOTO 100
30 WHILE 1:PRINT "in":GOTO 40
40 WHILE:WEND
50 PRINT "after"
60 END
100 PRINT "error";ERR;"in";ERL:RESUME NEXT
