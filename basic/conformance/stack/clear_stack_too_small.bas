10 REM CLEAR with a stack of 240 bytes or less is Out of memory
20 PRINT "A"
30 CLEAR ,,200
40 PRINT "NOT REACHED"
