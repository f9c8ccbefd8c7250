10 REM untrapped ERROR 9 prints "Subscript out of range in <line>"
20 PRINT "X";
30 ERROR 9
40 PRINT "NOT REACHED"
