10 REM untrapped ERROR 74 prints "Rename across disks in <line>"
20 PRINT "X";
30 ERROR 74
40 PRINT "NOT REACHED"
