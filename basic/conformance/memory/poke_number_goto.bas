10 REM GOTO's first search compares the line numbers in memory, as POKEd
20 P=PEEK(&H30)+256*PEEK(&H31)
30 IF PEEK(P+2)+256*PEEK(P+3)<>70 THEN P=PEEK(P)+256*PEEK(P+1): GOTO 30
40 POKE P+2,80
50 GOTO 80
60 PRINT "not here": END
70 PRINT "line 70, its number POKEd to 80": END
80 PRINT "line 80"
