10 REM WIDTH with nothing after it is Missing operand: its first operand is evaluated before anything else is decided
20 ON ERROR GOTO 200
30 WIDTH
40 WIDTH 80: PRINT "end": END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
