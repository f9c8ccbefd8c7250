10 REM untrapped ERROR 5 prints "Illegal function call in <line>"
20 PRINT "X";
30 ERROR 5
40 PRINT "NOT REACHED"
