10 REM runaway FN recursion ends in Out of memory, trappable; arguments are converted first
20 DEF FNA(X%) = FNA(X%-1)
30 DEF FNB(X) = 1 + FNB(X)
40 ON ERROR GOTO 200
50 PRINT FNA(32768)
60 PRINT FNA("1")
70 PRINT FNA(0)
80 PRINT FNB(1)
90 PRINT "done"
100 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
