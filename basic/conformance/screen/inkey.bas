10 REM INKEY$ returns typed keys one at a time without echo
20 A$ = INKEY$: IF A$ = "" THEN 20
30 B$ = INKEY$: IF B$ = "" THEN 30
40 PRINT ASC(A$); ASC(B$); LEN(A$)
