10 REM MOTOR is Device unavailable (no cassette); ERDEV is a function, not a statement
20 ON ERROR GOTO 200
30 MOTOR
40 MOTOR 1
50 ERDEV
60 PRINT ERDEV
70 PRINT "end":END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
