10 REM untrapped ERROR 4 prints "Out of DATA in <line>"
20 PRINT "X";
30 ERROR 4
40 PRINT "NOT REACHED"
