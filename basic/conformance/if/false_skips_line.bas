10 REM a false IF skips all remaining statements of the line
20 IF 0 THEN PRINT "X":PRINT "Y"
30 PRINT "Z"
