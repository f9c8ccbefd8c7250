10 REM WHILE without a WEND is reported on the WHILE line
20 PRINT "A"
30 WHILE 1
40 PRINT "B"
