10 REM IF cond GOTO is followed by a clause as THEN is: a line number, nothing, or statements
20 IF 1 GOTO
30 PRINT "a"
40 IF 1 GOTO PRINT "b"
50 IF 0 GOTO PRINT "c" ELSE PRINT "d"
60 IF 1 GOTO 80 ELSE PRINT "e"
70 PRINT "f"
80 PRINT "g"
