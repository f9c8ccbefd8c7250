10 REM untrapped ERROR 76 prints "Path not found in <line>"
20 PRINT "X";
30 ERROR 76
40 PRINT "NOT REACHED"
