10 REM line 65529 is the highest line number and can be a GOTO target
20 GOTO 65529
30 PRINT "NO"
65529 PRINT "LAST"
