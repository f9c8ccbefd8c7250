10 REM untrapped ERROR 2 prints "Syntax error in <line>"
20 PRINT "X";
30 ERROR 2
40 PRINT "NOT REACHED"
