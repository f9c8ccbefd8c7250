10 REM mixing strings and numbers in an expression is a Type mismatch
20 PRINT "A"
30 PRINT "A"+1
