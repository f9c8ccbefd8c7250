10 REM PRINT# and WRITE# on a RANDOM file fill the record buffer; PUT writes it; WRITE# pads the record; overflow is Field overflow
20 ON ERROR GOTO 200
30 OPEN "R.DAT" FOR RANDOM AS 1 LEN = 16
40 FIELD #1, 16 AS R$
50 PRINT #1, 12; "ab";
60 PRINT "["; R$; "]"
70 PUT #1, 2
80 WRITE #1, "x", 5
90 PRINT "["; R$; "]"
100 PUT #1, 3
110 PRINT #1, STRING$(20, "z")
120 PRINT LOF(1), LOC(1)
130 GET #1, 1: PRINT ASC(R$), EOF(1)
140 GET #1, 2: INPUT #1, A, B$: PRINT A; B$
150 CLOSE 1: KILL "R.DAT"
160 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
