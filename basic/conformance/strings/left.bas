10 REM LEFT$ takes characters from the left; a count beyond the length gives all
20 A$="HELLO"
30 PRINT LEFT$(A$,2);"|";LEFT$(A$,0);"|";LEFT$(A$,10);"|"
