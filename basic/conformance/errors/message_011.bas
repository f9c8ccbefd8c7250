10 REM untrapped ERROR 11 prints "Division by zero in <line>"
20 PRINT "X";
30 ERROR 11
40 PRINT "NOT REACHED"
