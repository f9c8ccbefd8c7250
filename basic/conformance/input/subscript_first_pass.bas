10 REM INPUT's first pass only counts a subscript's parentheses; the second pass evaluates it
20 ON ERROR GOTO 900
30 DIM Y(5),Y$(5)
40 INPUT X%,Y(
50 INPUT X%,Y(1+)
60 PRINT "X%=";X%
70 INPUT Z,Y$(2,),W
80 PRINT "Z=";Z;"W=";W
90 INPUT Q,Y(1
100 INPUT R,Y("(",1)
110 PRINT "Q=";Q;"R=";R
120 END
900 PRINT "E";ERR;ERL:RESUME NEXT
