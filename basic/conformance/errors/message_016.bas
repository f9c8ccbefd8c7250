10 REM untrapped ERROR 16 prints "String formula too complex in <line>"
20 PRINT "X";
30 ERROR 16
40 PRINT "NOT REACHED"
