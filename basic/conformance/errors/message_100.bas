10 REM untrapped ERROR 100 prints "Unprintable error in <line>"
20 PRINT "X";
30 ERROR 100
40 PRINT "NOT REACHED"
