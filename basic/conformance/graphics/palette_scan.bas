10 REM PALETTE: a missing operand is a Syntax error, the colour is its low byte (255 is -1, which leaves the attribute's colour; 256 is 0), PALETTE USING needs a subscripted array
20 ON ERROR GOTO 200
30 PALETTE 1,
40 PALETTE ,1
50 PALETTE 1,255: PRINT "255"
60 PALETTE 1,256: PRINT "256"
70 PALETTE 1,64
80 PALETTE 1,320
90 DIM P%(15): PALETTE USING P%
100 PALETTE USING P%(0): PRINT "using"
110 PALETTE: PRINT "end"
120 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
