10 REM NEXT jumping back to the end of a line falls into a zero link: the program ends
20 P=PEEK(&H30)+256*PEEK(&H31)
30 IF PEEK(P+2)+256*PEEK(P+3)<>60 THEN P=PEEK(P)+256*PEEK(P+1): GOTO 30
50 FOR I=1 TO 3
60 PRINT I
70 IF I=2 THEN POKE P,0: POKE P+1,0
80 NEXT
90 PRINT "after"
