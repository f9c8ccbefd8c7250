10 REM a keyword followed by ( or a space is recognised
20 A$="HELLO"
30 PRINT LEFT$(A$,2);LEN (A$);MID$ (A$,2,2)
