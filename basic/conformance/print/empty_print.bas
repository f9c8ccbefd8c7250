10 REM PRINT with no items prints an empty line
20 PRINT "A"
30 PRINT
40 PRINT "B"
