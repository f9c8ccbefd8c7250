10 REM TAB to a column left of the cursor starts a new line first
20 PRINT "ABCDEFGHIJ";TAB(3);"X"
30 PRINT "END"
