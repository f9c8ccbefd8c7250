10 REM running off the end of the program inside a handler is No RESUME
20 ON ERROR GOTO 40
30 ERROR 5
40 PRINT "HANDLER WITHOUT RESUME"
