10 REM INPUT$ reads exactly n characters
20 A$=INPUT$(5)
30 PRINT LEN(A$);A$
