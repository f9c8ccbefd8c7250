10 REM GOSUB to a missing line
20 PRINT "A"
30 GOSUB 500
