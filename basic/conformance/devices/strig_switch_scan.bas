10 REM STRIG(n) ON/OFF/STOP: the end of the statement is checked before n; an odd n passes (halved and compared signed), an even n of 8 or more is refused; ON STRIG(n) refuses odd n
20 ON ERROR GOTO 200
30 STRIG(1) ON
40 STRIG(3) STOP
50 STRIG(6) OFF
60 STRIG(8) ON
70 STRIG(8) ON X
80 STRIG(2) ON X
90 ON STRIG(1) GOSUB 300
100 ON STRIG(4) GOSUB 300
110 PRINT "end":END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
300 RETURN
