10 REM GOTO followed directly by digits is not a keyword: Syntax error
20 PRINT "A"
30 GOTO40
40 PRINT "B"
