10 REM FOR runs its NEXT's first check at once: another variable there is NEXT without FOR at the NEXT's line
20 ON ERROR GOTO 200
30 I = 7
40 FOR I = 1 TO 3
50 PRINT "body"; I
60 NEXT J
70 PRINT "I ="; I
80 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
