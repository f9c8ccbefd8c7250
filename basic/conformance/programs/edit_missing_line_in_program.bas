10 REM EDIT in a program looks for its line first: a missing line is Undefined line number
20 ON ERROR GOTO 200
30 EDIT 5
40 EDIT
50 EDIT 65529
60 PRINT "END":END
200 PRINT "ERR";ERR;"ERL";ERL
210 RESUME NEXT
