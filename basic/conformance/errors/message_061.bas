10 REM untrapped ERROR 61 prints "Disk full in <line>"
20 PRINT "X";
30 ERROR 61
40 PRINT "NOT REACHED"
