10 REM untrapped ERROR 6 prints "Overflow in <line>"
20 PRINT "X";
30 ERROR 6
40 PRINT "NOT REACHED"
