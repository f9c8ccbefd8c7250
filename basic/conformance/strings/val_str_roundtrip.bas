10 REM VAL of STR$ gives the number back
20 FOR I=-2 TO 2:PRINT VAL(STR$(I*7));:NEXT:PRINT
