10 REM KEY n,text: the key number is read and 0 refused before the comma is looked for
20 ON ERROR GOTO 100
30 KEY X
40 KEY 0,"A"
50 KEY 1
60 KEY 1 "A"
70 KEY "A","B"
80 PRINT "END":END
100 PRINT "ERR";ERR;"ERL";ERL
110 RESUME NEXT
