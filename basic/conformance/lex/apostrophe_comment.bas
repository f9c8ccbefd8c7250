10 REM ' starts a comment that hides the rest of the line
20 PRINT 1 ' comment : PRINT 2
30 PRINT 3:' PRINT 4
40 'PRINT 5
50 PRINT 6
