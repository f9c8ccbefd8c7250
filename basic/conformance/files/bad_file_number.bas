10 REM PRINT# to a file number that is not open is Bad file number
20 PRINT "A"
30 PRINT #3,"X"
