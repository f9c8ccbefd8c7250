10 REM single sums of unlike signs: the sticky bit is subtracted as a value bit
20 REM (results one unit below IEEE round-to-nearest; operands given as MKS$ bytes)
30 A = CVS(CHR$(&HCE) + CHR$(&H4B) + CHR$(&H1C) + CHR$(&H81))
40 B = CVS(CHR$(&HC1) + CHR$(&H5B) + CHR$(&HFF) + CHR$(&H71)): GOSUB 100
50 A = CVS(CHR$(&HE6) + CHR$(&HBA) + CHR$(&H55) + CHR$(&H7D))
60 B = CVS(CHR$(&H48) + CHR$(&H55) + CHR$(&HB2) + CHR$(&H66)): GOSUB 100
70 A = CVS(CHR$(&H78) + CHR$(&H10) + CHR$(&H7B) + CHR$(&H81))
80 B = CVS(CHR$(&H10) + CHR$(&HB0) + CHR$(&HDE) + CHR$(&H6B)): GOSUB 100
90 END
100 C$ = MKS$(A + B): FOR I = 1 TO 4: PRINT HEX$(ASC(MID$(C$, I, 1))); " ";: NEXT
110 C$ = MKS$(B + A): FOR I = 1 TO 4: PRINT HEX$(ASC(MID$(C$, I, 1))); " ";: NEXT: PRINT
120 RETURN
