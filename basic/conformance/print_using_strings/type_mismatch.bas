10 REM a number for a string field is a Type mismatch
20 PRINT "BEFORE"
30 PRINT USING "!";5
