10 REM FIELD's clauses before the one that fails stay in force: the variable shows its bytes of the record buffer (a numeric variable, a width over 255, a subscript out of range)
20 ON ERROR GOTO 200
30 OPEN "R",1,"FCB.DAT",16
40 FIELD #1,4 AS A$,4 AS N:PRINT LEN(A$);
50 FIELD #1,3 AS B$,256 AS C$:PRINT LEN(B$);
60 FIELD #1,2 AS D$,2 AS E$(11):PRINT LEN(D$);
70 LSET A$="wxyz":PRINT B$;D$
90 CLOSE:KILL "FCB.DAT":END
200 PRINT "E";ERR;ERL;:RESUME NEXT
