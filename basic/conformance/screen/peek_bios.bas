10 REM DEF SEG=&H40: the BIOS bytes of the screen (columns, cursor) and of the keyboard ring
20 CLS: LOCATE 5, 10
30 DEF SEG = &H40
40 B = PEEK(&H4A): C = PEEK(&H50): D = PEEK(&H51)
50 E = PEEK(&H1A) - PEEK(&H1C)
60 PRINT B; C; D; E
70 DEF SEG = 0: PRINT PEEK(&H44A)
