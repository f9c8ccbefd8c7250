10 REM OPEN's long form checks that its name is a string before it scans the rest: OPEN AS #1 (AS is a variable) is a Type mismatch
20 ON ERROR GOTO 200
30 OPEN AS #1
40 OPEN 1 FOR OUTPUT AS #1
50 OPEN "T.DAT" FOR BOGUS AS #1
60 PRINT "end": END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
