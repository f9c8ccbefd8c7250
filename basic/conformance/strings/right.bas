10 REM RIGHT$ takes characters from the right
20 A$="HELLO"
30 PRINT RIGHT$(A$,3);"|";RIGHT$(A$,0);"|";RIGHT$(A$,9);"|"
