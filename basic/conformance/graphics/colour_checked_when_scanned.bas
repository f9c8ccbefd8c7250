10 REM A colour operand is read as a byte when it is scanned: out of 0-255 it is an Illegal function call before the operands after it are evaluated
20 SCREEN 1: KEY OFF: ON ERROR GOTO 200
30 LINE (100,100)-(50,0),-1,B,"A": PRINT "a"
40 CIRCLE (60,60),20,256,"A": PRINT "b"
50 PAINT (70,50),1,-1,"A": PRINT "c"
60 PAINT (70,50),300,"A": PRINT "d"
70 LINE (1,1)-(5,5),3,B,"A": PRINT "e"
80 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
