10 REM X and =name; in PLAY and DRAW: the name and its ; within 40 characters of the string, checked before the variable is read
20 ON ERROR GOTO 200
30 X$="MBL64C":AB=3
40 PLAY "XX$"
50 PLAY "O=AB C"
60 PLAY "X"+STRING$(50,"X")+";"
70 PLAY "XX$;O=AB;C":PRINT "ok"
80 PRINT "end":END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
