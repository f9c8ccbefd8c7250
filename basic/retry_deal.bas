1 ' retry_deal.bas - dealing by retrying a random player until one has room.
2 ' Source: ../shared/seeds/001_28c7fc53c56849c5.txt, section "Thinking Like a
3 ' Computer": the six-step algorithm, translated step by step (lines 5000-5060).
4 ' Step 2 says "a random player from 0 to 4" but there are four players: INT(RND*4)
5 ' gives 0..3. MISS counts the attempts that hit a full hand (the text: 'a bit less
6 ' than 20 per deal'). The first document calls this the 'clubs problem'.
8 ' Tests replace line 20 (parameters).
10 DEFINT A-Z
20 SEED=1 'parameters
30 DIM DEAL(3,12), CT(3), P(51)
40 RANDOMIZE SEED
70 PRINT "Deal by retrying, seed"; SEED
100 GOSUB 5000 'the routine
110 FOR H=0 TO 3: PRINT "hand"; H; ":";: FOR C=0 TO 12: PRINT USING "###"; DEAL(H,C);: NEXT: PRINT: NEXT
120 FOR H=0 TO 3: FOR C=0 TO 12: P(DEAL(H,C))=P(DEAL(H,C))+1: NEXT C,H
130 OK=-1: FOR C=0 TO 51: IF P(C)<>1 THEN OK=0
140 NEXT: IF OK THEN PRINT "every card dealt once: yes" ELSE PRINT "every card dealt once: NO"
150 PRINT "attempts on a full hand:"; MISS
199 END
5000 '-----[ Deal by retrying: 001, "Thinking Like a Computer" ]-----
5001 '
5002 'Out: DEAL(p,c) hands #0-3, cards #0-12, each hand in ascending order
5003 ' MISS = attempts that chose a full hand
5009 '
5010 CD=0: MISS=0: FOR PL=0 TO 3: CT(PL)=0: NEXT 'step 1: deck counter, hand counters
5020 PL=INT(RND*4) 'step 2: a random player
5030 IF CT(PL)=13 THEN MISS=MISS+1: GOTO 5020 'step 3: hand full, choose again
5040 DEAL(PL,CT(PL))=CD 'step 4: the deck counter into the player's next place
5050 CT(PL)=CT(PL)+1: CD=CD+1 'step 5: both counters up
5060 IF CD<52 THEN 5020 'step 6: repeat from step 2 until the deck is dealt
5099 RETURN
