1 ' sort_randoms.bas - the Sort Randoms shuffle, exactly as printed.
2 ' Source: ../shared/seeds/000_7c5ea065bb5090bb.txt, "Ted's Computer World:
3 ' Sorting, Shuffling & Dealing", section "SORTING RANDOMS".
4 ' Lines 1-199 are the driver; line 3099 RETURN is added. It shuffles the cards
5 ' 1..SIZE. DEFINT A-W, not A-Z: X() must stay single precision, or X(J)=RND
6 ' would store RND rounded to 0 or 1 and at most 2^SIZE orders could come out.
8 ' Tests replace line 20 (parameters) and line 50 (data).
10 DEFINT A-W
20 SIZE=52: SEED=1 'parameters
30 DIM A(SIZE), X(SIZE), P(SIZE)
40 RANDOMIZE SEED
50 FOR J=1 TO SIZE: A(J)=J: NEXT 'cards 1..SIZE in order
70 PRINT "Sort Randoms shuffle of"; SIZE; "cards, seed"; SEED
100 GOSUB 3000 'the routine
110 FOR J=1 TO SIZE: PRINT USING "###"; A(J);: IF J MOD 13=0 OR J=SIZE THEN PRINT
120 NEXT
130 FOR J=1 TO SIZE: P(A(J))=P(A(J))+1: NEXT: OK=-1: FOR J=1 TO SIZE: IF P(J)<>1 THEN OK=0
140 NEXT: IF OK THEN PRINT "every card once: yes" ELSE PRINT "every card once: NO"
150 OK=-1: FOR J=2 TO SIZE: IF X(J-1)>X(J) THEN OK=0
160 NEXT: IF OK THEN PRINT "randoms sorted: yes" ELSE PRINT "randoms sorted: NO"
199 END
3000 '-----------[  Shuffle: Sort Randoms ]-----------
3001 '
3002 'In: A() = data to be shuffled
3003 ' SIZE of list
3004 'Out: A() as shuffled data
3009 '
3010 FOR J=1 TO SIZE: X(J)=RND: NEXT
3020 FOR J=1 TO SIZE-1: FOR K=J+1 TO SIZE
3030 IF X(J)>X(K) THEN SWAP X(J),X(K): SWAP A(J),A(K)
3040 NEXT K,J
3099 RETURN 'driver: back to the caller
