10 REM untrapped ERROR 52 prints "Bad file number in <line>"
20 PRINT "X";
30 ERROR 52
40 PRINT "NOT REACHED"
