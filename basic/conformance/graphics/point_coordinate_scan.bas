10 REM POINT's first operand not followed by ) is a coordinate: converted to a number, then its comma
20 ON ERROR GOTO 200
30 SCREEN 1: KEY OFF: CLS
40 X=POINT("ABC"
50 X=POINT(1
60 X=POINT(1,
70 X=POINT(1,"A")
80 X=POINT("A",1)
90 PRINT POINT(0);POINT(1)
100 SCREEN 0: WIDTH 80: PRINT R$: END
200 R$=R$+STR$(ERR)+STR$(ERL): RESUME NEXT
