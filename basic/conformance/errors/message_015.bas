10 REM untrapped ERROR 15 prints "String too long in <line>"
20 PRINT "X";
30 ERROR 15
40 PRINT "NOT REACHED"
