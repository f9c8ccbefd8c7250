10 REM only the chosen target must exist
20 ON 1 GOTO 100,999
30 END
100 PRINT "FIRST OK"
110 ON 2 GOTO 100,999
