10 REM untrapped ERROR 24 prints "Device Timeout in <line>"
20 PRINT "X";
30 ERROR 24
40 PRINT "NOT REACHED"
