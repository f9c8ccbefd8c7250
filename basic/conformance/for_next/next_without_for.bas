10 REM NEXT with no active FOR
20 PRINT "A"
30 NEXT
