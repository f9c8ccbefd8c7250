1 ' colors.bas - The text screen's 16 colours on 8 backgrounds, and blinking
10 CLS: KEY OFF
20 PRINT "COLOR F, B: each cell shows B and F in hex": PRINT
30 FOR B=0 TO 7
40 FOR F=0 TO 15
50 COLOR F, B: PRINT HEX$(B); HEX$(F);: COLOR 7, 0: PRINT " ";
60 NEXT F: PRINT
70 NEXT B: PRINT
80 COLOR 14+16, 1: PRINT " COLOR 30, 1 blinks ";: COLOR 7, 0: PRINT
90 PRINT: FOR C=176 TO 223: PRINT CHR$(C);: NEXT: PRINT
100 FOR C=1 TO 6: PRINT CHR$(C); " ";: NEXT: PRINT: KEY ON
