10 REM MID$ with and without a length
20 A$="HELLO"
30 PRINT MID$(A$,2,3);"|";MID$(A$,3);"|";MID$(A$,6);"|";MID$(A$,5,9);"|";MID$(A$,2,0);"|"
