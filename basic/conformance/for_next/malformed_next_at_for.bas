10 REM a malformed variable in the NEXT a FOR's scan stops at is a Syntax error when the FOR runs
20 ON ERROR GOTO 200
30 FOR I = 1 TO 2
40 PRINT "body"; I
50 NEXT 5
60 PRINT "end"
70 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
