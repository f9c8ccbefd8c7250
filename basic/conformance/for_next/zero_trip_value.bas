10 REM after a zero-trip loop the variable holds the start value
20 FOR L=5 TO 1:PRINT "BODY":NEXT
30 PRINT L
40 FOR M%=10 TO 1 STEP 2:NEXT:PRINT M%
