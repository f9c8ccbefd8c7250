10 REM RESUME without argument re-executes the failing statement
20 ON ERROR GOTO 100
30 X$="ABC":N=0
40 PRINT MID$(X$,N,1)
50 END
100 N=N+1:RESUME
