10 REM MKS$/MKD$/MKI$ are the stored bytes; CVS/CVD/CVI read them back
20 A$ = MKS$(1): FOR I = 1 TO 4: PRINT HEX$(ASC(MID$(A$, I, 1))); " ";: NEXT: PRINT
30 A$ = MKS$(-1.5): FOR I = 1 TO 4: PRINT HEX$(ASC(MID$(A$, I, 1))); " ";: NEXT: PRINT
40 A$ = MKD$(10): FOR I = 1 TO 8: PRINT HEX$(ASC(MID$(A$, I, 1))); " ";: NEXT: PRINT
50 PRINT CVS(MKS$(1/3)); CVD(MKD$(1#/3)); CVI(MKI$(-2)); CVI(CHR$(0) + CHR$(128))
