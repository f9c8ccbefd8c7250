10 REM an error in the condition WEND tests again is reported at the WHILE's line
20 ON ERROR GOTO 200
30 C%=0
40 WHILE 1/(C%-1)
50 C%=C%+1:PRINT C%
60 WEND
70 PRINT "done"
80 ON ERROR GOTO 0
90 C%=1
100 WHILE SQR(C%)
110 C%=-1:PRINT "again"
120 WEND
130 END
200 PRINT "error";ERR;"in";ERL
210 RESUME 70
