10 REM ELSE may follow a statement directly
20 IF 1 THEN PRINT "A" ELSE PRINT "B"
30 IF 0 THEN PRINT "C" ELSE PRINT "D"
