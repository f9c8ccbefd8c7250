10 REM an integer minus -32768 is done in single and forced back to integer (ISUB)
20 A% = -32768: B% = -1
30 PRINT B% - A%
40 PRINT 1 - A%
