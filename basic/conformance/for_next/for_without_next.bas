10 REM a FOR with no NEXT after it is FOR without NEXT, on the FOR line
20 PRINT "A"
30 FOR I=1 TO 3
40 PRINT I
