10 REM untrapped ERROR 21 prints "Unprintable error in <line>"
20 PRINT "X";
30 ERROR 21
40 PRINT "NOT REACHED"
