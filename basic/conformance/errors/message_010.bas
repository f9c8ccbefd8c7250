10 REM untrapped ERROR 10 prints "Duplicate Definition in <line>"
20 PRINT "X";
30 ERROR 10
40 PRINT "NOT REACHED"
