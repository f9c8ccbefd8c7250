10 REM CHAIN ,,ALL keeps every variable and array (by name and type), COMMON or not
20 Q$ = CHR$(34)
30 OPEN "NEXT.BAS" FOR OUTPUT AS #1
40 PRINT #1, "10 PRINT A%; B$; C; D(2); E$(1)"
50 PRINT #1, "20 KILL " Q$ "NEXT.BAS" Q$
60 CLOSE #1
70 A% = 1: B$ = "two": C = 3: D(2) = 4: E$(1) = "five"
80 CHAIN "NEXT", , ALL
