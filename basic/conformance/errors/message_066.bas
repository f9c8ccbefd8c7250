10 REM untrapped ERROR 66 prints "Direct statement in file in <line>"
20 PRINT "X";
30 ERROR 66
40 PRINT "NOT REACHED"
