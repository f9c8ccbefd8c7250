10 REM PRINT of string expressions and concatenation
20 A$="FOO":B$="BAR"
30 PRINT A$+B$;LEN(A$+B$)
40 PRINT A$+"-"+B$,B$
