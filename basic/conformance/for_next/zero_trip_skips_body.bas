10 REM a loop whose start is past the limit runs zero times
20 FOR I=5 TO 1
30 PRINT "BODY"
40 NEXT I
50 PRINT "AFTER"
