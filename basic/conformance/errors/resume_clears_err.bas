10 REM RESUME sets ERR to 0 and keeps ERL; RESUME NEXT goes on after the failing statement's text
20 ON ERROR GOTO 200
30 RETURN "1": PRINT "after RETURN"
40 PRINT "ERR"; ERR; "ERL"; ERL
50 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
