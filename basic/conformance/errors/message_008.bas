10 REM untrapped ERROR 8 prints "Undefined line number in <line>"
20 PRINT "X";
30 ERROR 8
40 PRINT "NOT REACHED"
