10 REM DEF FN checks only its name and parameters; errors in its body come at the call, at the caller's line
20 ON ERROR GOTO 200
30 DEF FNA(X) = X + * 2
40 PRINT "defined"
50 PRINT FNA(1)
60 DEF FNB(X, Y) = X + Y
70 PRINT FNB(1)
80 PRINT FNB(1, 2, 3)
90 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
