10 REM untrapped ERROR 30 prints "WEND without WHILE in <line>"
20 PRINT "X";
30 ERROR 30
40 PRINT "NOT REACHED"
