10 REM RENUM n,m refuses a new number at or below a line it keeps even when no line is at or after m (S GWMAIN.ASM RESNN: the first line at or after n must not come before the first line at or after m)
20 ON ERROR GOTO 100
30 RENUM 15,60000
40 RENUM 100,60000,5
50 RENUM 10,30,1
60 PRINT "end": END
100 PRINT ERR;ERL: RESUME NEXT
