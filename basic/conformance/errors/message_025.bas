10 REM untrapped ERROR 25 prints "Device Fault in <line>"
20 PRINT "X";
30 ERROR 25
40 PRINT "NOT REACHED"
