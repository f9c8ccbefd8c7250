10 REM PRINT# and WRITE# need a comma after the file number; WRITE#1, writes an empty line; items before a fault are written
20 ON ERROR GOTO 300
30 OPEN "W.DAT" FOR OUTPUT AS 1
40 WRITE #1
50 PRINT #1
60 WRITE #1,
70 WRITE #1, 1, "two"; -3
80 WRITE #1, 4, PRINT
90 PRINT #5, "x"
100 CLOSE: OPEN "W.DAT" FOR INPUT AS 1
110 WHILE NOT EOF(1): LINE INPUT #1, A$: PRINT "["; A$; "]": WEND
120 CLOSE: KILL "W.DAT"
130 END
300 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
