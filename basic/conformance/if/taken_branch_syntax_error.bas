10 REM a syntax error in the branch that is taken is raised
20 IF 1 THEN PRINT "A": PRINT )
30 PRINT "NOT REACHED"
