10 REM PRINT with , moves to the next 14-column zone
20 PRINT "X",1,"Y"
30 PRINT "ABCDEFGHIJKLMNO","P"
40 PRINT 1,2,3,4
