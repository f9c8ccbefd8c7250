10 REM CLS: clears the screen, the cursor goes home; its operand 0-2 and GW's operand rules
20 ON ERROR GOTO 100
30 PRINT "HELLO";
40 CLS
50 PRINT CSRLIN; POS(0); SCREEN(1,1)
60 CLS 0: CLS 2: CLS ,
70 CLS 3: CLS 0 X: CLS ,0: CLS 256: CLS "A"
80 PRINT "DONE"
90 END
100 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
