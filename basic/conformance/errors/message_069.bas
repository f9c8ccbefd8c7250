10 REM untrapped ERROR 69 prints "Communication buffer overflow in <line>"
20 PRINT "X";
30 ERROR 69
40 PRINT "NOT REACHED"
