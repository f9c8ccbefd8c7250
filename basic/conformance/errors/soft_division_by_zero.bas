10 REM untrapped division by zero prints a message and continues with the maximum value
20 PRINT 1/0
30 X=-5/0:PRINT X
40 PRINT "GOES ON"
