10 REM untrapped ERROR 14 prints "Out of string space in <line>"
20 PRINT "X";
30 ERROR 14
40 PRINT "NOT REACHED"
