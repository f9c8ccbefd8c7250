10 REM RETURN continues with the statement after the GOSUB on the same line
20 GOSUB 100:PRINT "AFTER":GOSUB 100:PRINT "AGAIN"
30 END
100 PRINT "SUB"
110 RETURN
