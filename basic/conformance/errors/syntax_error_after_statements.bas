10 REM statements before a syntax error on the same line have already run
20 PRINT "ONE":PRINT "TWO":PRINT ):PRINT "THREE"
