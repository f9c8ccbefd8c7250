10 REM untrapped ERROR 29 prints "WHILE without WEND in <line>"
20 PRINT "X";
30 ERROR 29
40 PRINT "NOT REACHED"
