10 REM a blank inside a file name is part of the name: the file written is the file read and listed
20 ON ERROR GOTO 200
30 OPEN "O", 1, "A B.TXT": PRINT #1, "inside": CLOSE 1
40 OPEN " C.TXT" FOR OUTPUT AS 1: PRINT #1, "leading": CLOSE 1
50 OPEN "I", 1, "a b.txt": LINE INPUT #1, A$: PRINT A$: CLOSE 1
60 OPEN " C.TXT" FOR INPUT AS 1: LINE INPUT #1, A$: PRINT A$: CLOSE 1
70 OPEN "I", 1, "AB.TXT": CLOSE 1
80 OPEN "I", 1, "C.TXT": CLOSE 1
90 OPEN "D .TXT" FOR OUTPUT AS 1: PRINT #1, "trailing": CLOSE 1
100 OPEN "D.TXT" FOR INPUT AS 1: LINE INPUT #1, A$: PRINT A$: CLOSE 1
110 KILL "A B.TXT": KILL " C.TXT": KILL "D.TXT"
120 OPEN "I", 1, "A B.TXT"
130 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
