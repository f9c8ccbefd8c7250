1 ' guess.bas - Guess the number: INPUT answered at the keyboard
10 RANDOMIZE TIMER
20 N=INT(RND*100)+1: T=0
30 PRINT "I am thinking of a number from 1 to 100."
40 INPUT "Your guess"; G: T=T+1
50 IF G<N THEN PRINT "Higher!": GOTO 40
60 IF G>N THEN PRINT "Lower!": GOTO 40
70 PRINT "Right, in"; T; "guesses."
