10 REM untrapped ERROR 22 prints "Missing operand in <line>"
20 PRINT "X";
30 ERROR 22
40 PRINT "NOT REACHED"
