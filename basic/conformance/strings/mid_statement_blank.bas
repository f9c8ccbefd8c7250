10 REM the MID$ statement: no blank may stand between MID$ and its parenthesis
20 ON ERROR GOTO 100
30 A$="ABCDE"
40 MID$(A$,2,1)="X":PRINT A$
50 MID$ (A$,3,1)="Y":PRINT A$
60 PRINT A$
70 END
100 PRINT "ERR";ERR;"ERL";ERL
110 RESUME NEXT
