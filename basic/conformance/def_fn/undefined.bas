10 REM calling an undefined function is Undefined user function
20 PRINT "A"
30 PRINT FNZ(1)
