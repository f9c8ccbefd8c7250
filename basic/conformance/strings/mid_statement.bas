10 REM the MID$ statement replaces characters in place without changing the length
20 A$="HELLO WORLD"
30 MID$(A$,7)="THERE":PRINT A$
40 MID$(A$,1,2)="JJJJ":PRINT A$
50 MID$(A$,10)="XYZ":PRINT A$;LEN(A$)
