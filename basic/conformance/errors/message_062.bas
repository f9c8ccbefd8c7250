10 REM untrapped ERROR 62 prints "Input past end in <line>"
20 PRINT "X";
30 ERROR 62
40 PRINT "NOT REACHED"
