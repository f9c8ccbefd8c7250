10 REM statements without arguments check for the end of the statement before they act
20 ON ERROR GOTO 200
30 STOP 5
40 END PRINT
50 SYSTEM 1
60 ERROR 1,2
70 ERROR 256
80 ERROR 0,1
90 PRINT "still running"
100 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
