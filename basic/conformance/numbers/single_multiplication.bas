10 REM single products round on three guard bits without a sticky bit: a product just
20 REM above a tie goes to even (here down, where IEEE rounds up); bytes via MKS$/CVS
30 A = CVS(CHR$(&H7F) + CHR$(&HC6) + CHR$(&H10) + CHR$(&H81))
40 B = CVS(CHR$(&HFA) + CHR$(&H5E) + CHR$(&H3) + CHR$(&H81)): GOSUB 100
50 A = CVS(CHR$(&H9C) + CHR$(&H1F) + CHR$(&H78) + CHR$(&H81))
60 B = CVS(CHR$(&H6) + CHR$(&H65) + CHR$(&H42) + CHR$(&H81)): GOSUB 100
70 END
100 C$ = MKS$(A * B): FOR I = 1 TO 4: PRINT HEX$(ASC(MID$(C$, I, 1))); " ";: NEXT: PRINT
110 RETURN
