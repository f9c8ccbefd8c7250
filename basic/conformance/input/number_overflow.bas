10 REM INPUT: a number too large is FIN's overflow, the message then the question again; under ON ERROR the trappable Overflow; a five-digit &H prints the message even so
20 INPUT X
30 PRINT X
40 INPUT Y%
50 PRINT Y%
60 ON ERROR GOTO 200
70 INPUT A,B
80 PRINT A;B
90 INPUT C
100 PRINT C
110 END
200 PRINT "error";ERR;ERL:RESUME NEXT
