10 REM TAB(0) acts as TAB(1); TAB beyond the width is taken modulo the width
20 PRINT "A";TAB(0);"B"
30 PRINT TAB(85);"C"
40 PRINT TAB(-3);"D"
