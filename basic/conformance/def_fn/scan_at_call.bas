10 REM DEF FN scans its name and parameters; the = and the end of its body are checked at each call
20 ON ERROR GOTO 100
30 DEF FNA(X)
40 DEF FNB(X)=X+1,1
50 PRINT "DEFINED"
60 PRINT FNA(1)
70 PRINT FNB(1)
80 PRINT "END":END
100 PRINT "ERR";ERR;"ERL";ERL
110 RESUME NEXT
