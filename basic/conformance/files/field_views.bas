10 REM FIELD variables are views of the buffer: a second FIELD keeps the first, assignment detaches, SWAP moves the view, LSET and MID$ write through
20 OPEN "F.DAT" FOR RANDOM AS 1 LEN = 8
30 FIELD #1, 8 AS A$
40 FIELD #1, 4 AS B$, 4 AS C$
50 LSET A$ = "12345678": PRINT A$; " "; B$; " "; C$
60 RSET C$ = "x": PRINT A$; " "; B$; " "; C$
70 SWAP B$, C$: LSET B$ = "yy": PRINT A$; " "; B$; " "; C$
80 MID$(C$, 2) = "ZZ": PRINT A$; " "; B$; " "; C$
90 A$ = "own": LSET B$ = "q": PRINT A$; " "; B$; " "; C$
100 PUT #1, 1: LSET B$ = "----": GET #1, 1: PRINT B$; " "; C$
110 CLOSE 1: KILL "F.DAT"
