10 REM the file column counts bytes >= 32 and wraps at 256; WIDTH # breaks lines only before PRINT# items; a width under 14 still pads commas to zones
20 OPEN "C.DAT" FOR OUTPUT AS 1
30 PRINT #1, CHR$(1); CHR$(2); "ab", "c"
40 PRINT #1, STRING$(250, "-"); "123456789", "z"
50 WIDTH #1, 10
60 PRINT #1, "abcdef"; "ghijkl"; 12345; 678
70 PRINT #1, "a", "b", "c"
80 WRITE #1, "long item", "another long item"
90 CLOSE 1
100 OPEN "C.DAT" FOR INPUT AS 1
110 WHILE NOT EOF(1): LINE INPUT #1, A$: PRINT LEN(A$); "["; RIGHT$(A$, 30); "]": WEND
120 CLOSE 1: KILL "C.DAT"
