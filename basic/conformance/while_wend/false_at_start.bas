10 REM a false condition at the start skips past the WEND
20 WHILE 0
30 PRINT "BODY"
40 WEND:PRINT "AFTER WEND ON SAME LINE"
50 PRINT "END"
