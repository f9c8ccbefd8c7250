10 REM untrapped ERROR 67 prints "Too many files in <line>"
20 PRINT "X";
30 ERROR 67
40 PRINT "NOT REACHED"
