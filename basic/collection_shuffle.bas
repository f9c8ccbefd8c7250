1 ' collection_shuffle.bas - the Collection Shuffle, exactly as printed.
2 ' Source: ../shared/seeds/000_7c5ea065bb5090bb.txt, "Ted's Computer World:
3 ' Sorting, Shuffling & Dealing", section "COLLECTION SHUFFLE".
4 ' Lines 1-199 are the driver; line 7099 RETURN is added. It shuffles the cards
5 ' 1..SIZE from A() into X(). DEFINT A-Z: integer data.
8 ' Tests replace line 20 (parameters) and line 50 (data).
10 DEFINT A-Z
20 SIZE=52: SEED=1 'parameters
30 DIM A(SIZE), X(SIZE), P(SIZE)
40 RANDOMIZE SEED
50 FOR J=1 TO SIZE: A(J)=J: NEXT 'cards 1..SIZE in order
70 PRINT "Collection Shuffle of"; SIZE; "cards, seed"; SEED
100 GOSUB 7000 'the routine
110 FOR J=1 TO SIZE: PRINT USING "###"; X(J);: IF J MOD 13=0 OR J=SIZE THEN PRINT
120 NEXT
130 FOR J=1 TO SIZE: P(X(J))=P(X(J))+1: NEXT: OK=-1: FOR J=1 TO SIZE: IF P(J)<>1 THEN OK=0
140 NEXT: IF OK THEN PRINT "every card once: yes" ELSE PRINT "every card once: NO"
199 END
7000 '--------------[ Collection Shuffle ]---------------
7001 '
7002 'In: A() data to be shuffled
7003 ' SIZE of list
7004 'Out: X() as shuffled data
7005 ' A() trashed
7009 '
7010 D=SIZE
7020 FOR J=1 TO SIZE
7030 R=INT(RND*D)+1 'random, 1 to size
7040 X(J)=A(R) 'assign the value
7050 A(R)=A(D) 'fill the hole
7060 D=D-1 'decrement the data choices
7070 NEXT J
7099 RETURN 'driver: back to the caller
