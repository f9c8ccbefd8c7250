10 REM untrapped ERROR 255 prints "Unprintable error in <line>"
20 PRINT "X";
30 ERROR 255
40 PRINT "NOT REACHED"
