10 REM an integer loop up to 32767 overflows in the last NEXT
20 FOR M%=32765 TO 32767:PRINT M%;:NEXT
30 PRINT "NOT REACHED"
