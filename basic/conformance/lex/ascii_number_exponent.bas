10 REM a number after a name is left as text by the cruncher and read by FIN at run time, its exponent included: AS 2E0 is file 2
20 OPEN "X.TXT" FOR OUTPUT AS 2E0
30 PRINT #2, "two"
40 CLOSE
50 OPEN "X.TXT" FOR INPUT AS 1
60 LINE INPUT #1, A$: PRINT A$
70 CLOSE: KILL "X.TXT"
