10 REM many string temporaries in one expression
20 A$="A"
30 B$=A$+A$+A$+A$+A$+A$+A$+A$+A$+A$+A$+A$
40 PRINT B$;LEN(B$)
