10 REM a bare NEXT after jumping out of an inner loop finds the inner loop
20 FOR I=1 TO 2
30 FOR J=1 TO 3
40 GOTO 60
50 NEXT J
60 PRINT I;J
70 NEXT
80 PRINT "END"
