10 REM untrapped ERROR 13 prints "Type mismatch in <line>"
20 PRINT "X";
30 ERROR 13
40 PRINT "NOT REACHED"
