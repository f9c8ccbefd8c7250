10 REM untrapped ERROR 51 prints "Internal error in <line>"
20 PRINT "X";
30 ERROR 51
40 PRINT "NOT REACHED"
