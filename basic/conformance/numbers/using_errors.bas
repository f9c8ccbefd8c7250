10 REM PRINT USING errors: no numeric field at all
20 ON ERROR GOTO 100
30 PRINT USING "abc"; 1
40 PRINT USING "##"; "X"
50 PRINT USING "#########################"; 1
60 END
100 PRINT : PRINT "ERROR"; ERR; "IN"; ERL: RESUME NEXT
