10 REM SAVE to a file the program has open is File already open; the open file is untouched
20 ON ERROR GOTO 100
30 OPEN "PROG.BAS" FOR OUTPUT AS #1
40 PRINT #1, "test"
50 SAVE "PROG"
60 CLOSE #1
70 OPEN "PROG.BAS" FOR INPUT AS #1: LINE INPUT #1, A$: CLOSE #1: PRINT A$
80 KILL "PROG.BAS"
90 END
100 PRINT "error"; ERR; "in"; ERL
110 RESUME NEXT
