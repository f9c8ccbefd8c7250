10 REM COMMON is skipped when executed: a bad list is no error until CHAIN scans it
20 ON ERROR GOTO 100
30 COMMON
40 COMMON 1
50 COMMON "AA"
60 COMMON A, B(], C(
70 PRINT "no errors"
80 END
100 PRINT "error"; ERR; "in"; ERL
110 RESUME NEXT
