10 REM after exactly 80 characters with ; the next item goes on the next row
20 PRINT STRING$(80,"F");
30 PRINT "Z"
