10 REM a trailing , moves to the next zone and suppresses the newline
20 PRINT "A",
30 PRINT "B",
40 PRINT "C"
