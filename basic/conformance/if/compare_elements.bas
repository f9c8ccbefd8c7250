10 REM IF comparing two array elements: singles, doubles, mixed, strings, new arrays
20 DIM V!(3), D#(3), W!(3)
30 V!(1)=1/3: D#(1)=1/3: W!(2)=1/3: D#(2)=1#/3
40 IF V!(1)=W!(2) THEN PRINT "sng = sng"
50 IF V!(1)=D#(1) THEN PRINT "sng = dbl (same value)"
60 IF D#(1)<D#(2) THEN PRINT "dbl < dbl" ELSE PRINT "dbl >= dbl"
70 IF N(1)=M(5) THEN PRINT "new arrays: 0 = 0"
80 S$(1)="B": IF S$(1)>S$(2) THEN PRINT "B > empty"
90 IF V!(1)<>N!(3) THEN PRINT "third <> 0"
100 IF V!(2)>W!(4) THEN PRINT "not reached"
