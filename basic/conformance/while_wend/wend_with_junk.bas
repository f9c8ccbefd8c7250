10 REM WEND with text after it is a Syntax error and does not loop; WHILE's scan still finds it
20 ON ERROR GOTO 200
30 A = 0
40 WHILE A < 3
50 PRINT A
60 A = A + 1
70 WEND PRINT
80 PRINT "after, A ="; A
90 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
