10 REM a number kept as text after a name (AS .6) is read only from a digit: . is a Syntax error [M unsorted/NUMLIT2]
20 ON ERROR GOTO 100
30 OPEN "NUMT.TMP" FOR OUTPUT AS .6
40 PRINT "after"
50 OPEN "NUMT.TMP" FOR OUTPUT AS 0.6
60 PRINT #1, "hi": CLOSE: KILL "NUMT.TMP"
70 PRINT "done"
80 END
100 PRINT ERR; ERL: RESUME NEXT
