10 REM untrapped ERROR 71 prints "Disk not Ready in <line>"
20 PRINT "X";
30 ERROR 71
40 PRINT "NOT REACHED"
