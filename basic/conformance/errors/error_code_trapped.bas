10 REM ERROR n is trappable and sets ERR to n, including codes without a message
20 ON ERROR GOTO 100
30 ERROR 200
40 ERROR 62
50 END
100 PRINT ERR;ERL:RESUME NEXT
