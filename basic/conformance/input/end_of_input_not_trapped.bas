10 REM the end of redirected input is not an error a program can trap: GW-BASIC returns to DOS
20 ON ERROR GOTO 100
40 INPUT A: PRINT A
50 INPUT B: PRINT B
60 END
100 PRINT "trapped"; ERR: END
