10 REM RESUME outside a handler is RESUME without error
20 PRINT "A"
30 RESUME NEXT
