10 REM untrapped ERROR 3 prints "RETURN without GOSUB in <line>"
20 PRINT "X";
30 ERROR 3
40 PRINT "NOT REACHED"
