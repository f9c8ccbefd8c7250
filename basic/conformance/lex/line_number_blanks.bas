10 REM blanks inside a line number: TAB and line feed are skipped like a blank (S GWMAIN.ASM LINGET/MORLIN call CHRGTR, which skips 32, 9 and 10), in the line's own number and in a jump's. CR LF line ends on purpose.
2	0 PRINT "twenty"
3
0 PRINT "thirty"
40 GOTO 6	0
50 PRINT "fifty"
60 GOSUB 1
00: PRINT "back"
70 IF 1 THEN 9	0 ELSE 80
80 PRINT "eighty"
90 PRINT "ninety": ON 2 GOTO 50, 1	10
100 PRINT "hundred": RETURN
110 RESTORE 1
30: READ A: PRINT A: END
120 DATA 120
130 DATA 130
