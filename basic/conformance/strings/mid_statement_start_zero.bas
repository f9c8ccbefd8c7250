10 REM the MID$ statement with start 0 is an Illegal function call
20 A$="ABC"
30 MID$(A$,0)="X"
