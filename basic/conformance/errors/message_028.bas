10 REM untrapped ERROR 28 prints "Unprintable error in <line>"
20 PRINT "X";
30 ERROR 28
40 PRINT "NOT REACHED"
