10 REM untrapped ERROR 75 prints "Path/File access error in <line>"
20 PRINT "X";
30 ERROR 75
40 PRINT "NOT REACHED"
