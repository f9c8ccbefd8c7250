10 REM END inside a handler simply ends the program
20 ON ERROR GOTO 100
30 ERROR 5
100 PRINT "HANDLER";ERR:END
