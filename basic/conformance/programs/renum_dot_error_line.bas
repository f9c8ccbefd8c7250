10 REM every error in a program line makes it the current line `.`, trapped or not, which RENUM reads with LINSPC for its new and old numbers; its increment is read with LINGET, where `.` is a Syntax error
20 ON ERROR GOTO 200
30 RENUM .,.,.
40 RENUM .,,.
50 RENUM 5,.
60 RENUM ,.
70 PRINT "renumber":RENUM 1000,.
80 PRINT "not reached"
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
