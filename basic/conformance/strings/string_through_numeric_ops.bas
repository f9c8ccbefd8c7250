10 REM unary minus, ABS and INT give a string back; FIX, SGN, CINT and binary minus are Type mismatch
20 ON ERROR GOTO 200
30 A$ = "One"
40 PRINT -A$; ABS(A$); INT(A$); "Two" + -A$
50 PRINT FIX(A$)
60 PRINT SGN(A$)
70 PRINT CINT(A$)
80 PRINT A$ - A$
90 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
