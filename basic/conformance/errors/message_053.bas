10 REM untrapped ERROR 53 prints "File not found in <line>"
20 PRINT "X";
30 ERROR 53
40 PRINT "NOT REACHED"
