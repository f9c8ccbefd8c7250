10 REM storing a promoted result in an integer variable is a hard Overflow
20 A% = 32767: PRINT A%
30 A% = A% + 1
40 PRINT "NOT REACHED"
