10 REM FN and USR stay keywords whatever follows them and the text after them is crunched afresh: USR0 is USR and the constant 0 (11h), USR10 is USR0 followed by the constant 10, USRX is USR0 followed by X
20 A=&H126E
30 IF PEEK(A+2)+256*PEEK(A+3)<>100 THEN A=PEEK(A)+256*PEEK(A+1): GOTO 30
40 FOR I=4 TO 16: PRINT HEX$(PEEK(A+I));" ";: NEXT: PRINT
50 ON ERROR GOTO 200
60 PRINT USR10(1)
70 PRINT USRX
80 DEF USR0=0: PRINT "defined"
90 END
100 X=USR0(1)+USR1(2)
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
