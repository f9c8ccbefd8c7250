10 REM IF comparing two operands: variables and elements of each type, mixed types, strings
20 DIM V!(3), D#(3), I%(3), S$(3)
30 V!(1)=.1: V!(2)=.1: D#(1)=.1#: I%(1)=1: S$(1)="AB": S$(2)="ABC"
40 IF V!(1)=V!(2) THEN PRINT "sng = sng"
50 IF V!(1)=D#(1) THEN PRINT "sng = dbl" ELSE PRINT "sng <> dbl"
60 IF I%(1)<V!(1) THEN PRINT "int < sng" ELSE PRINT "int >= sng"
70 IF S$(1)<S$(2) THEN PRINT "AB < ABC"
80 IF S$(3)<=S$(1) THEN PRINT "empty <= AB"
90 X#=1/3: Y!=1/3: IF X#>Y! THEN PRINT "dbl > sng" ELSE PRINT "dbl <= sng"
100 IF I%(2)=V!(3) THEN PRINT "0 = 0"
110 IF V!(4)>0 THEN PRINT "not reached"
