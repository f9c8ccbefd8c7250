10 REM an empty format string is an Illegal function call
20 PRINT USING "";"X"
