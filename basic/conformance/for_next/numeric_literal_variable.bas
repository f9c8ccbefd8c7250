10 REM FOR 5=... is a Syntax error
20 PRINT "A"
30 FOR 5=1 TO 2
40 NEXT
