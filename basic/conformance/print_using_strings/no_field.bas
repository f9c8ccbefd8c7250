10 REM a format string without any field is an Illegal function call
20 PRINT USING "ABC";"X"
