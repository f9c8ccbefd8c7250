10 REM a FOR that does not parse still counts in another FOR's scan for its NEXT
20 ON ERROR GOTO 100
30 FOR I=1 TO 2:PRINT I;
40 GOTO 60
50 FOR J
60 NEXT
70 PRINT "end":END
100 PRINT "error";ERR;"in";ERL:RESUME NEXT
