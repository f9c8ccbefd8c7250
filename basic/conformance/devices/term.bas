10 REM TERM is a keyword that does nothing; anything after it is a Syntax error
20 ON ERROR GOTO 100
30 TERM
40 TERM 50
50 PRINT "done"
60 END
100 PRINT "error";ERR;"in";ERL:RESUME NEXT
