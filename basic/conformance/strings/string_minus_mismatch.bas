10 REM other arithmetic on strings is a Type mismatch
20 PRINT "A"+"B"
30 PRINT "A"-"B"
