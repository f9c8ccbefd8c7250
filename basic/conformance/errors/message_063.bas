10 REM untrapped ERROR 63 prints "Bad record number in <line>"
20 PRINT "X";
30 ERROR 63
40 PRINT "NOT REACHED"
