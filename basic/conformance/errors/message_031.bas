10 REM untrapped ERROR 31 prints "Unprintable error in <line>"
20 PRINT "X";
30 ERROR 31
40 PRINT "NOT REACHED"
