10 REM a selector above 255 is an Illegal function call
20 ON 255 GOTO 100:PRINT "255 FALLS THROUGH"
30 ON 256 GOTO 100
100 PRINT "NO"
