10 REM THEN followed by a line number then ELSE with a statement
20 X=0
30 IF X THEN 60 ELSE PRINT "ELSE PART":GOTO 70
60 PRINT "SIXTY"
70 PRINT "SEVENTY"
