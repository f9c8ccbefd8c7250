10 REM DELETE: a range that holds no line is an Illegal function call; the ends of a range need not be lines
20 ON ERROR GOTO 200
30 DELETE 25-27
40 DELETE 100-90
50 DELETE 1000-2000
70 PRINT "deleting 75-150"
80 DELETE 75-150
90 PRINT "not reached"
100 REM the last line deleted
200 PRINT "error";ERR;"in";ERL:RESUME NEXT
