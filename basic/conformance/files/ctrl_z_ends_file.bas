10 REM a Ctrl-Z byte inside a sequential file marks its end when reading
20 OPEN "O",1,"Z2.DAT"
30 PRINT #1,"AB";CHR$(26);"CD"
40 PRINT #1,"NEXT"
50 CLOSE 1
60 OPEN "I",1,"Z2.DAT"
70 LINE INPUT #1,A$:PRINT LEN(A$);A$
80 PRINT EOF(1)
90 CLOSE 1:KILL "Z2.DAT"
