10 REM integer division and MOD by zero are soft errors too
20 PRINT 1\0
30 PRINT 5 MOD 0
40 PRINT "GOES ON"
