1 ' deal52.bas - Deal 52 Cards to 4 Hands, exactly as printed.
2 ' Source: ../shared/seeds/000_7c5ea065bb5090bb.txt, "Ted's Computer World:
3 ' Sorting, Shuffling & Dealing", section "Dealing (with) a Deck of Cards".
4 ' Lines 1-199 are the driver; line 7099 RETURN is added. The listing uses DK(0..51)
5 ' and DEAL(0..3,0..12) but has no DIM: without line 30 GW-BASIC makes them 0..10
6 ' and stops with Subscript out of range in 7010. Cards are 0..51. DEFINT A-Z.
8 ' Tests replace line 20 (parameters).
10 DEFINT A-Z
20 SEED=1 'parameters
30 DIM DK(51), DEAL(3,12), P(51)
40 RANDOMIZE SEED
70 PRINT "Deal 52 cards to 4 hands, seed"; SEED
100 GOSUB 7000 'the routine
110 FOR H=0 TO 3: PRINT "hand"; H; ":";: FOR C=0 TO 12: PRINT USING "###"; DEAL(H,C);: NEXT: PRINT: NEXT
120 FOR H=0 TO 3: FOR C=0 TO 12: P(DEAL(H,C))=P(DEAL(H,C))+1: NEXT C,H
130 OK=-1: FOR C=0 TO 51: IF P(C)<>1 THEN OK=0
140 NEXT: IF OK THEN PRINT "every card dealt once: yes" ELSE PRINT "every card dealt once: NO"
199 END
7000 '----------[ Deal 52 Cards to 4 Hands ]----------
7001 '
7002 'Out: DEAL(h,c) hands #0-3, cards #0-12
7009 '
7010 FOR C=0 TO 51: DK(C)=C: NEXT 'initialize the pack
7019 '
7020 FOR CD=0 TO 51
7030 R=INT(RND*(52-CD))
7040 HAND=CD MOD 4
7050 CARD=CD MOD 13
7060 DEAL(HAND,CARD)=DK(R)
7070 DK(R)=DK(51-CD)
7080 NEXT CD
7099 RETURN 'driver: back to the caller
