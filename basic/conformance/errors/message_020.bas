10 REM untrapped ERROR 20 prints "RESUME without error in <line>"
20 PRINT "X";
30 ERROR 20
40 PRINT "NOT REACHED"
