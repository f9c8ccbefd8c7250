10 REM untrapped ERROR 26 prints "FOR without NEXT in <line>"
20 PRINT "X";
30 ERROR 26
40 PRINT "NOT REACHED"
