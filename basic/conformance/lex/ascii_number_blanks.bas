10 REM a number the cruncher left as text after a name is read by FIN, which skips blanks: AS 0 2 is file 2, AS 2 1 file 21
20 ON ERROR GOTO 200
30 OPEN "X.TXT" FOR OUTPUT AS 0 2
40 PRINT #2, "two"
50 CLOSE
60 OPEN "X.TXT" FOR INPUT AS 1
70 LINE INPUT #1, A$: PRINT A$
80 CLOSE
90 OPEN "X.TXT" FOR INPUT AS 2 1
100 PRINT "after AS 2 1"
110 KILL "X.TXT"
120 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
