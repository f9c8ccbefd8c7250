10 REM ON <event> GOSUB: line 0 removes the handler, a missing line is Undefined line number, bad numbers Illegal function call
20 ON ERROR GOTO 100
30 ON TIMER(1) GOSUB 200
40 ON TIMER(1) GOSUB 0
50 ON TIMER(1) GOSUB 65
60 ON TIMER(0) GOSUB 200
80 ON STRIG(1) GOSUB 200
90 ON COM(3) GOSUB 200: END
100 PRINT "error"; ERR; "in"; ERL
110 RESUME NEXT
200 RETURN
