10 REM RESTORE starts reading from the first DATA again
20 READ A,B:RESTORE:READ C
30 PRINT A;B;C
40 DATA 7,8
