10 REM untrapped ERROR 17 prints "Can't continue in <line>"
20 PRINT "X";
30 ERROR 17
40 PRINT "NOT REACHED"
