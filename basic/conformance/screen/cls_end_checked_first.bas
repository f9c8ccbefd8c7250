10 REM CLS n,m: the end of the statement is checked (Syntax error) before the screen is cleared; CLS n, is accepted
20 ON ERROR GOTO 100
30 PRINT "HELLO";
40 CLS 0,1
50 PRINT SCREEN(1,1); CSRLIN; POS(0)
60 CLS 0,
70 PRINT SCREEN(1,1); CSRLIN
80 END
100 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
