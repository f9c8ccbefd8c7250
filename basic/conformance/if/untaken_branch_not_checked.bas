10 REM a syntax error in a branch that is not taken is never detected
20 IF 0 THEN PRINT ) ELSE PRINT "OK"
30 IF 1 THEN PRINT "FINE" ELSE PRINT )
40 PRINT "DONE"
