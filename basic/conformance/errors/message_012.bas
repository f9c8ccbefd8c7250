10 REM untrapped ERROR 12 prints "Illegal direct in <line>"
20 PRINT "X";
30 ERROR 12
40 PRINT "NOT REACHED"
