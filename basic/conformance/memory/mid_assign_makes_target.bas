10 REM MID$= makes its target variable as it finds it, before the start is read: a start of 0 or past the end leaves the variable made
20 ON ERROR GOTO 500
30 F=FRE(0):G=0:GOSUB 400
40 MID$(A$,2)="x":GOSUB 400
50 MID$(B$,0)="x":GOSUB 400
60 MID$(C$,1,0)="x":GOSUB 400
70 PRINT VARPTR(A$)>0;VARPTR(B$)>0;VARPTR(C$)>0;LEN(A$);LEN(C$)
80 END
400 PRINT F-FRE(0):RETURN
500 PRINT "E";ERR;ERL:RESUME NEXT
