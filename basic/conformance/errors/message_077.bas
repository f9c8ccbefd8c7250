10 REM untrapped ERROR 77 prints "Deadlock in <line>"
20 PRINT "X";
30 ERROR 77
40 PRINT "NOT REACHED"
