10 REM RETURN goes on after the GOSUB statement: text after its line number is never run
20 GOSUB 200 PRINT "skipped"
30 PRINT "a";:GOSUB 200 ELSE PRINT "x":PRINT "b"
40 ON 1 GOSUB 200 PRINT "on-skipped":PRINT "c"
50 ON 2 GOSUB 300,200,300 junk:PRINT "d"
60 ON ERROR GOTO 400
70 ON 3 GOSUB 300,300 junk:PRINT "e"
80 END
200 PRINT "sub":RETURN
300 PRINT "wrong":RETURN
400 PRINT "error";ERR;"in";ERL:RESUME NEXT
