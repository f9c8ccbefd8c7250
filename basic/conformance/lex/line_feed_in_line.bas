10 REM a line feed outside a string stays in the line as a blank to the scanner (S GWMAIN.ASM CRUNCH NOTRS5 keeps 9 and 10, CHRGTR skips them; SCNEDT.ASM DSKCHI stores it). This file has CR LF line ends on purpose.
20 PRINT 1;
2
30 P=PEEK(&H30)+256*PEEK(&H31)
40 WHILE PEEK(P)+PEEK(P+1)>0
50 N=PEEK(P)+256*PEEK(P+1): L=PEEK(P+2)+256*PEEK(P+3)
60 IF L=20 THEN FOR I=P+4 TO N-2: PRINT HEX$(PEEK(I));" ";: NEXT: PRINT
70 P=N
80 WEND
