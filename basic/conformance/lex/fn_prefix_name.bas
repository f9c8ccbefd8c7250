10 REM a name cannot start with FN: FNX=1 is a Syntax error
20 PRINT "A"
30 FNX=1
