10 REM an error in the NEXT a zero-trip FOR goes on in (NEXT J, I PRINT) is reported at the NEXT's line; RESUME NEXT goes on after the FOR
20 ON ERROR GOTO 200
30 FOR I = 5 TO 1
40 FOR J = 1 TO 2
50 NEXT J, I PRINT
60 PRINT "after"
70 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
