10 REM a READ that fails leaves the DATA pointer where it started; RESTORE of a non-number is line 0
20 ON ERROR GOTO 200
30 FOR K = 1 TO 3: READ A, B%: PRINT A; B%: NEXT
40 RESTORE X
50 RESTORE 90: READ A$: PRINT A$
60 END
80 DATA 1, 32767, 2, 32768
90 DATA last
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
