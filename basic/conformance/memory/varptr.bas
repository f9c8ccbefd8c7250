10 REM VARPTR of a scalar not created yet is an Illegal function call; an element dimensions its array; VARPTR$ is type and address
20 ON ERROR GOTO 100
30 PRINT VARPTR(NEW1)
40 PRINT VARPTR(Q(3)) > 0
50 A%=1: S$=VARPTR$(A%): PRINT LEN(S$); ASC(S$); CVI(MID$(S$,2))=VARPTR(A%)
60 S$=VARPTR$(S$): PRINT ASC(S$)
70 PRINT VARPTR(Q(11))
80 END
100 PRINT "error"; ERR; ERL: RESUME NEXT
