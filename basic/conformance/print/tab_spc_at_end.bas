10 REM TAB( or SPC( at the end of a PRINT suppresses the newline
20 PRINT "A";TAB(5)
30 PRINT "B";SPC(2)
40 PRINT "C"
