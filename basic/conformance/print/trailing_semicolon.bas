10 REM a trailing ; suppresses the newline; the next PRINT continues the line
20 PRINT "A";
30 PRINT "B";
40 PRINT "C"
50 PRINT "D"
