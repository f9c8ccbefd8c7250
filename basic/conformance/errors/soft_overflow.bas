10 REM untrapped floating overflow prints a message and continues
20 X=1E+38*10
30 PRINT X
40 PRINT "GOES ON"
