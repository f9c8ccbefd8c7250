10 REM untrapped ERROR 55 prints "File already open in <line>"
20 PRINT "X";
30 ERROR 55
40 PRINT "NOT REACHED"
