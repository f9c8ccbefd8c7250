10 REM the cruncher's number mode (DONUM) is kept across ")": a digit after ")" is a constant, after "ERL)=" or "GOTO n)" a line number; USR's digit is a one-byte constant (S GWMAIN.ASM CRUNCH NOTRS5/NOTRS1, GWEVAL.ASM SCNUSR)
20 IF 0 THEN PRINT (1)2: PRINT A(1)3: GOTO 30)40
30 IF 0 THEN A=(ERL)=50: DEF USR2=0: X=USR3(0)
40 P=PEEK(&H30)+256*PEEK(&H31)
50 WHILE PEEK(P)+PEEK(P+1)>0
60 N=PEEK(P)+256*PEEK(P+1): L=PEEK(P+2)+256*PEEK(P+3)
70 IF L=20 OR L=30 THEN FOR I=P+4 TO N-2: PRINT HEX$(PEEK(I));" ";: NEXT: PRINT
80 P=N
90 WEND
