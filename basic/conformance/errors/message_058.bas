10 REM untrapped ERROR 58 prints "File already exists in <line>"
20 PRINT "X";
30 ERROR 58
40 PRINT "NOT REACHED"
