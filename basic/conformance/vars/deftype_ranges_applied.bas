10 REM DEFINT and its kin apply each letter range as it is scanned, before text that does not scan
20 ON ERROR GOTO 100
30 DEFINT A-C,1
40 A=1.7:B=2.2:D=3.7:PRINT A;B;D
50 DEFSTR E,F G
60 E="X":F$="Y":PRINT E;F$
70 DEFINT HI
80 H=4.6:I=5.6:PRINT H;I
90 PRINT "END":END
100 PRINT "ERR";ERR;"ERL";ERL
110 RESUME NEXT
