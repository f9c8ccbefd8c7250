10 REM OPEN converts its file number as it scans it: a string before a missing comma is a Type mismatch; junk after the long form's number is a Syntax error before any file is made
20 ON ERROR GOTO 200
30 DEFSTR A
40 OPEN "I",AL
50 OPEN "O",#1E+38,"X.TXT"
60 OPEN "X.TXT" FOR OUTPUT AS 1 Z
70 OPEN "X.TXT" FOR INPUT AS 1
80 PRINT "end":END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
