10 REM PLAY =var; and Xvar$; read the program's variables
20 ON ERROR GOTO 100
30 N=34:L(2)=64:M$="T255L=L(2);N=N;"
40 PLAY "XM$;"
50 PLAY "N=Q;"
60 N=85:PLAY "XM$;"
70 PLAY "XN;"
80 END
100 PRINT "error";ERR;"in";ERL:RESUME NEXT
