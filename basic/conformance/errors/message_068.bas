10 REM untrapped ERROR 68 prints "Device Unavailable in <line>"
20 PRINT "X";
30 ERROR 68
40 PRINT "NOT REACHED"
