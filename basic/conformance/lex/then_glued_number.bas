10 REM THEN80 is a variable name, so the IF is a Syntax error
20 X=1
30 IF X=1 THEN80
80 PRINT "EIGHTY"
