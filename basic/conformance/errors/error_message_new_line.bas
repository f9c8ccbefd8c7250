10 REM an untrapped error starts a new line when the cursor is not in column 1
20 PRINT "PARTIAL";
30 X=LOG(0)
