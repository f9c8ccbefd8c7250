10 REM untrapped ERROR 23 prints "Line buffer overflow in <line>"
20 PRINT "X";
30 ERROR 23
40 PRINT "NOT REACHED"
