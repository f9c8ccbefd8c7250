10 REM POS(0) returns the 1-based cursor column
20 PRINT POS(0)
30 PRINT "ABC";POS(0)
40 PRINT TAB(20);POS(0)
