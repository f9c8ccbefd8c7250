10 REM VAL is 0 where the number meets bytes 28, 29 or 31 (embedded constant markers); other control bytes end it
20 FOR I = 26 TO 32: PRINT I; VAL("1" + CHR$(I) + "2"): NEXT
