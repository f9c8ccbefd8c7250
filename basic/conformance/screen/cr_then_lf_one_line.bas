10 REM A LF right after a CR the program printed adds nothing, also across statements and from a SCRN: file to the console; GW's own CR LF ending a PRINT leaves no CR pending, so a LF after it is a new line
20 CLS: PRINT "A";CHR$(13);CHR$(10);"B";: R1=CSRLIN
30 PRINT "C";CHR$(13);: PRINT CHR$(10);"D";: R2=CSRLIN
40 PRINT "E": PRINT CHR$(10);"F";: R3=CSRLIN
50 PRINT "G";CHR$(10);CHR$(13);"H";: R4=CSRLIN
60 PRINT "I";CHR$(13);CHR$(13);"J";: R5=CSRLIN
70 OPEN "SCRN:" FOR OUTPUT AS 1: PRINT #1,"K";CHR$(13);: PRINT CHR$(10);"L";: R6=CSRLIN: CLOSE 1
80 PRINT: PRINT R1;R2;R3;R4;R5;R6
