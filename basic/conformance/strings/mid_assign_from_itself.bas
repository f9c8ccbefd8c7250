10 REM MID$ assignment from the same string copies forward byte by byte
20 A$ = "12345678": MID$(A$, 4) = A$: PRINT A$
30 A$ = "12345678": MID$(A$, 3, 3) = A$: PRINT A$
40 A$ = "12345678": B$ = A$: MID$(A$, 4) = B$: PRINT A$
