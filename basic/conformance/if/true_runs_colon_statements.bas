10 REM a true IF runs all colon-separated statements after THEN
20 IF 1 THEN PRINT "X":PRINT "Y" ELSE PRINT "W"
30 PRINT "Z"
