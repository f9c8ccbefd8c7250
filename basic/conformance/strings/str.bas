10 REM STR$ gives a leading space for non-negative numbers and no trailing space
20 PRINT "[";STR$(5);"][";STR$(-5);"][";STR$(0);"][";STR$(1.5);"]"
30 PRINT LEN(STR$(123))
