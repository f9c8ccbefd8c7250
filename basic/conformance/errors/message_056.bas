10 REM untrapped ERROR 56 prints "Unprintable error in <line>"
20 PRINT "X";
30 ERROR 56
40 PRINT "NOT REACHED"
