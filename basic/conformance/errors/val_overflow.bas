10 REM VAL of a number too large: the soft Overflow, error 6 under ON ERROR (FINDBL's $OVFLS)
20 PRINT VAL("-1D400")
30 ON ERROR GOTO 100
40 PRINT VAL("1E39")
50 A#=VAL("1D309"):PRINT A#
60 PRINT "end"
70 END
100 PRINT "error";ERR;"in";ERL:RESUME NEXT
