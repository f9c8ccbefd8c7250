10 REM keywords inside string literals stay text
20 A$="PRINT GOTO THEN"
30 PRINT A$;LEN(A$)
