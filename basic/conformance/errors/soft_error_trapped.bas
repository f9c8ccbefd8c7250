10 REM with a trap armed, division by zero and overflow are trappable errors 11 and 6
20 ON ERROR GOTO 100
30 X=1/0:PRINT "X=";X
40 Y=1E+38*10:PRINT "Y=";Y
50 END
100 PRINT "ERR";ERR;"IN";ERL:RESUME NEXT
