10 REM untrapped ERROR 27 prints "Out of paper in <line>"
20 PRINT "X";
30 ERROR 27
40 PRINT "NOT REACHED"
