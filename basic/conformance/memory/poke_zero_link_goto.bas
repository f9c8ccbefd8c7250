10 REM GOTO's first search for its line stops at a line whose link was POKEd to zero
20 P=PEEK(&H30)+256*PEEK(&H31)
30 IF PEEK(P+2)+256*PEEK(P+3)<>90 THEN P=PEEK(P)+256*PEEK(P+1): GOTO 30
40 POKE P,0: POKE P+1,0
50 PRINT "before"
60 GOTO 100
70 PRINT "not here"
90 PRINT "line 90"
100 PRINT "line 100"
