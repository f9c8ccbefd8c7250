10 REM READ assigns each variable as it scans it: a bad variable or separator is a Syntax error after the variables before it have their values, and the DATA pointer does not move
20 ON ERROR GOTO 200
30 READ A,1
40 PRINT A: READ B: PRINT B
50 READ C D
60 PRINT C: READ E: PRINT E
70 READ F,
80 PRINT F: READ G: PRINT G
90 END
100 DATA 10,20,30
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
