10 REM KILL takes a pattern; an open file among the matches is File already open and nothing is deleted
20 ON ERROR GOTO 300
30 FOR I = 1 TO 3: OPEN "K" + CHR$(48 + I) + ".TMP" FOR OUTPUT AS 1: CLOSE 1: NEXT
40 OPEN "K2.TMP" FOR INPUT AS 1
50 KILL "K?.TMP"
60 CLOSE 1: OPEN "K3.TMP" FOR INPUT AS 1: CLOSE 1: PRINT "K3 still there"
70 KILL "K*.TMP"
80 OPEN "K3.TMP" FOR INPUT AS 1
90 END
300 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
