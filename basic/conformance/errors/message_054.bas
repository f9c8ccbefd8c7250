10 REM untrapped ERROR 54 prints "Bad file mode in <line>"
20 PRINT "X";
30 ERROR 54
40 PRINT "NOT REACHED"
