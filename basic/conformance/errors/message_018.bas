10 REM untrapped ERROR 18 prints "Undefined user function in <line>"
20 PRINT "X";
30 ERROR 18
40 PRINT "NOT REACHED"
