10 REM INPUT# scanning: blanks skipped, a quote opens an item only as its first byte, NUL never stored, LF dropped in strings and kept in numbers
20 Q$ = CHR$(34): OPEN "SCAN.DAT" FOR OUTPUT AS 1
30 PRINT #1, "  one  ,two"; CHR$(13); CHR$(10);
40 PRINT #1, "x"; Q$; "q"; Q$; ", "; Q$; "quoted, with comma"; Q$; " , "; CHR$(0); Q$; "nul"; Q$; CHR$(13); CHR$(10);
50 PRINT #1, "a"; CHR$(10); "b,"; Q$; "c"; CHR$(10); "d"; Q$; CHR$(13); CHR$(10);
60 PRINT #1, "7"; CHR$(10); "5, 3 4,"; "1E2"; CHR$(13); CHR$(10);
70 CLOSE 1
80 OPEN "SCAN.DAT" FOR INPUT AS 1
90 FOR I = 1 TO 7: INPUT #1, A$: PRINT "["; A$; "]": NEXT
100 FOR I = 1 TO 4: INPUT #1, N: PRINT N: NEXT
110 PRINT EOF(1)
120 CLOSE 1: KILL "SCAN.DAT"
