10 REM PEN(n) with no light pen: 0 for the flags and pixel positions (0-5), 1 for the character row and column (6-9), n past 9 an Illegal function call
20 ON ERROR GOTO 100
30 FOR I = 0 TO 10: PRINT PEN(I);: NEXT: PRINT
40 PEN ON: FOR I = 0 TO 9: PRINT PEN(I);: NEXT: PRINT: PEN OFF
50 END
100 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
