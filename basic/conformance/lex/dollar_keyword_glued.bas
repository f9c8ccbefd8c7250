10 REM a keyword ending in $ glued to a letter, digit or . is a name like any other keyword: STR$5 is the variable STR$ then the digit (as text after a name), CHR$A the variable CHR$ then A; STR$ 5 and CHR$(65) stay keywords
20 A=&H126E
30 IF PEEK(A+2)+256*PEEK(A+3)<>100 THEN A=PEEK(A)+256*PEEK(A+1): GOTO 30
40 FOR I=4 TO 24: PRINT HEX$(PEEK(A+I));" ";: NEXT: PRINT
50 ON ERROR GOTO 200
60 PRINT STR$5
70 PRINT CHR$(65);STR$ 5
80 A=7: PRINT CHR$A
90 END
100 X$=STR$5+CHR$A+MKI$.5
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
