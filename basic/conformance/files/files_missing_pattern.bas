10 REM FILES with a pattern that matches nothing is File not found
20 ON ERROR GOTO 100
30 FILES "NOSUCH.XYZ"
40 END
100 PRINT "ERR";ERR:RESUME 40
