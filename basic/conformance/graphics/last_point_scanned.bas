10 REM A graphics statement's points become the last point as they are scanned: a colour, radius, style, border or operand that fails after them leaves the point there; a coordinate that overflows is the error before a later operand's
20 SCREEN 1: KEY OFF: ON ERROR GOTO 200
30 PSET (10,10): PSET (5,5),256: PRINT "a"; POINT(0); POINT(1)
40 PSET (10,10): LINE (319,40)-(80,99),256: PRINT "b"; POINT(0); POINT(1)
50 PSET (10,10): LINE (20,20)-STEP(1,-1),2,BF,"A": PRINT "c"; POINT(0); POINT(1)
60 PSET (10,10): CIRCLE (60,10),50,"A": PRINT "d"; POINT(0); POINT(1)
70 PSET (10,10): PAINT (60,50),256: PRINT "e"; POINT(0); POINT(1)
80 PSET (10,10): PAINT (70,50),1,256: PRINT "f"; POINT(0); POINT(1)
90 PSET (10,10): LINE (5,5)-(80,32768),"A": PRINT "g"; POINT(0); POINT(1)
100 PSET (10,10): PSET (40000,5),"A": PRINT "h"; POINT(0); POINT(1)
110 PSET (10,10): CIRCLE (30,40),"A": PRINT "i"; POINT(0); POINT(1)
120 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
