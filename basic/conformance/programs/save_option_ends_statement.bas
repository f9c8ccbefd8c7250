10 REM SAVE's ,A or ,P must end the statement: anything after it is a Syntax error before the file is made
20 ON ERROR GOTO 200
30 SAVE "SV",A X
40 SAVE "SV",P 1
50 OPEN "SV.BAS" FOR INPUT AS 1
60 PRINT "END":END
200 PRINT "ERR";ERR;"ERL";ERL
210 RESUME NEXT
