10 REM a line longer than 80 characters wraps to the next screen row
20 PRINT STRING$(85,"E");POS(0)
30 PRINT "NEXT"
