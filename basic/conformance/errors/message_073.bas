10 REM untrapped ERROR 73 prints "Advanced Feature in <line>"
20 PRINT "X";
30 ERROR 73
40 PRINT "NOT REACHED"
