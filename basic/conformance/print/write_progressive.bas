10 REM WRITE writes each value as it is scanned, the comma before the next value is read
20 ON ERROR GOTO 100
30 WRITE 1,"A",
40 WRITE 2;3 "X"
50 PRINT "|"
60 OPEN "O",1,"W.TXT"
70 WRITE #1,4,
80 WRITE #1,5 "X"
90 CLOSE 1:OPEN "I",1,"W.TXT":LINE INPUT #1,A$:PRINT A$:CLOSE 1:KILL "W.TXT":END
100 PRINT "ERR";ERR;"ERL";ERL
110 RESUME NEXT
