10 REM AUTO n, takes the last AUTO's increment: there is none yet, Illegal function call
20 ON ERROR GOTO 100
30 AUTO 10,
40 PRINT "after"
50 END
100 PRINT "error"; ERR; "in"; ERL
110 RESUME NEXT
