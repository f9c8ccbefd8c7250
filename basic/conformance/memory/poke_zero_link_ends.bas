10 REM falling into a line whose link was POKEd to zero ends the program
20 P=PEEK(&H30)+256*PEEK(&H31)
30 IF PEEK(P+2)+256*PEEK(P+3)<>70 THEN P=PEEK(P)+256*PEEK(P+1): GOTO 30
40 PRINT "found"
50 POKE P,0: POKE P+1,0
60 PRINT PEEK(P); PEEK(P+1); "before"
70 PRINT "line 70"
80 PRINT "line 80"
