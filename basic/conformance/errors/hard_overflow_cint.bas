10 REM CINT out of range is a hard Overflow that stops the program
20 PRINT "A"
30 PRINT CINT(40000)
40 PRINT "NOT REACHED"
