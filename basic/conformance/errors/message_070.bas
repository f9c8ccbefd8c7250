10 REM untrapped ERROR 70 prints "Permission Denied in <line>"
20 PRINT "X";
30 ERROR 70
40 PRINT "NOT REACHED"
