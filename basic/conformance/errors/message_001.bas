10 REM untrapped ERROR 1 prints "NEXT without FOR in <line>"
20 PRINT "X";
30 ERROR 1
40 PRINT "NOT REACHED"
