10 REM a RESUME with no error being handled is not caught by ON ERROR
20 ON ERROR GOTO 100
30 ERROR 5
40 PRINT "back"
100 PRINT "handler"; ERR; ERL
110 RESUME NEXT
