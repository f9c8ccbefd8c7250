10 REM 160 characters fill two rows; the newline then gives an empty row
20 PRINT STRING$(160,"A")
30 PRINT "X"
