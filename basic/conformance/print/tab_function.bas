10 REM TAB(n) moves to column n (1-based)
20 PRINT TAB(5);"X";TAB(10);"Y"
30 PRINT "AB";TAB(1);"C"
40 PRINT TAB(3);1;TAB(10);2
