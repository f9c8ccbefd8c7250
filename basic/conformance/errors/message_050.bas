10 REM untrapped ERROR 50 prints "FIELD overflow in <line>"
20 PRINT "X";
30 ERROR 50
40 PRINT "NOT REACHED"
