10 REM INPUT before a bad variable: the last value is scanned but what ends it is not checked
20 ON ERROR GOTO 900
30 INPUT A,,B
40 INPUT "N";N,5
50 INPUT A$,N,(1)
60 INPUT N,N%,
70 PRINT "A=";A;"N=";N;"N%=";N%;"A$=";A$
80 END
900 PRINT "E";ERR;ERL:RESUME NEXT
