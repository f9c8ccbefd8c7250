10 REM SAVE: anything but a comma after the name is a Syntax error before the file is made
20 ON ERROR GOTO 200
30 SAVE "S1";A
40 SAVE "S2" A
50 OPEN "S1.BAS" FOR INPUT AS 1
60 OPEN "S2.BAS" FOR INPUT AS 1
70 PRINT "done"
80 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
