10 REM PALETTE USING: one integer element per attribute from the one named (-1 keeps an entry); too few elements, a colour out of range or a non-integer array are errors
20 ON ERROR GOTO 200
30 SCREEN 9: KEY OFF: CLS
40 DIM P%(20), S!(20)
50 FOR I=0 TO 20: P%(I)=-1: NEXT: P%(1)=63
60 PALETTE USING P%(0): PRINT "ok 60"
70 PALETTE USING P%(6): PRINT "ok 70"
80 PALETTE USING P%(10)
90 P%(2)=64: PALETTE USING P%(0)
100 PALETTE USING S!(0)
110 PALETTE: PALETTE 15,0: PRINT "ok 110"
120 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
