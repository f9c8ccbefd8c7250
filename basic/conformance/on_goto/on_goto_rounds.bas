10 REM the selector is rounded: 1.6 selects the second line
20 ON 1.6 GOTO 100,200
30 END
100 PRINT "100":END
200 PRINT "200":ON 1.4 GOTO 100,200
