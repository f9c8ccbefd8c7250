10 REM an operator without its right operand at the end of a statement is Missing operand
20 PRINT "A"
30 X=1+
