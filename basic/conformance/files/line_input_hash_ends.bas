10 REM LINE INPUT#: a CR not after a LF ends the line (its LF with it); LF and a CR after a LF are data; 255 bytes at most
20 OPEN "LINES.DAT" FOR OUTPUT AS 1
30 PRINT #1, "a"; CHR$(10); "b"; CHR$(13); "c"; CHR$(10); CHR$(13); "d"
40 PRINT #1, STRING$(255, "x")
50 PRINT #1, STRING$(150, "y"); STRING$(150, "z")
60 CLOSE 1
70 OPEN "LINES.DAT" FOR INPUT AS 1
80 WHILE NOT EOF(1)
90 LINE INPUT #1, A$: PRINT LEN(A$); ASC(LEFT$(A$, 1) + "!")
100 WEND
110 CLOSE 1: KILL "LINES.DAT"
