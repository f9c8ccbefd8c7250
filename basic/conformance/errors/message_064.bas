10 REM untrapped ERROR 64 prints "Bad file name in <line>"
20 PRINT "X";
30 ERROR 64
40 PRINT "NOT REACHED"
