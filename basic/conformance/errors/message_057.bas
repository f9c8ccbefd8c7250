10 REM untrapped ERROR 57 prints "Device I/O error in <line>"
20 PRINT "X";
30 ERROR 57
40 PRINT "NOT REACHED"
