10 REM untrapped ERROR 72 prints "Disk media error in <line>"
20 PRINT "X";
30 ERROR 72
40 PRINT "NOT REACHED"
