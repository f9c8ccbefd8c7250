10 REM untrapped ERROR 7 prints "Out of memory in <line>"
20 PRINT "X";
30 ERROR 7
40 PRINT "NOT REACHED"
