10 REM index 11 of an auto-dimensioned array is out of range
20 A(10)=1
30 PRINT "OK"
40 A(11)=1
