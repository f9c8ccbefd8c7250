10 REM RUN 0 looks line 0 up as GOTO would (Undefined line number without it), not RUN alone
20 PRINT "first"
30 ON ERROR GOTO 100
40 RUN 0
50 PRINT "after"
100 PRINT "trapped"; ERR: END
