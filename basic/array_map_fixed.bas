1 ' array_map_fixed.bas - Array Map sort, with line 2450 fixed.
2 ' Source: ../shared/seeds/000_7c5ea065bb5090bb.txt, "Ted's Computer World:
3 ' Sorting, Shuffling & Dealing", section "ARRAY MAP".
4 ' Lines 1-199 are the driver; line 2499 RETURN is added. X() has MAXINT elements
5 ' ("as many elements as the greatest integer"). DEFINT A-Z: integer data.
6 ' FIXED: 2450 stops at MAXINT, so repeated values are absorbed as the text claims
7 ' and SIZE becomes the number of values kept. As printed, repeats run N past
8 ' MAXINT: Subscript out of range in 2450 (docs/listings.md). Tests replace 20, 50.
10 DEFINT A-Z
20 SIZE=1000: MAXINT=1000: SEED=1 'parameters
30 DIM A(SIZE), X(MAXINT)
40 RANDOMIZE SEED
50 FOR J=1 TO SIZE: A(J)=INT(RND*MAXINT)+1: NEXT 'random integers 1..MAXINT, repeats possible
60 SUM#=0: FOR J=1 TO SIZE: SUM#=SUM#+A(J): NEXT 'checksum before sorting
70 PRINT "Array Map sort of"; SIZE; "integers 1 to"; MAXINT; "seed"; SEED
80 N0=SIZE
100 GOSUB 2400 'the routine
110 PRINT "values kept:"; SIZE; "of"; N0
120 SORTED=-1: FOR J=2 TO SIZE: IF A(J-1)>=A(J) THEN SORTED=0
130 NEXT: IF SORTED THEN PRINT "strictly ascending: yes" ELSE PRINT "strictly ascending: NO"
140 C=0: FOR J=1 TO MAXINT: IF X(J) THEN C=C+1
150 NEXT: IF C=SIZE THEN PRINT "every different value kept: yes" ELSE PRINT "every different value kept: NO"
160 F=5: IF SIZE<F THEN F=SIZE
170 PRINT "first:";: FOR J=1 TO F: PRINT A(J);: NEXT: PRINT
180 L=SIZE-4: IF L<1 THEN L=1
190 PRINT "last: ";: FOR J=L TO SIZE: PRINT A(J);: NEXT: PRINT
199 END
2400 '-------[ Array Map Sort - no matching data ]-------
2401 '
2402 'In: SIZE = number of elements to sort
2403 ' MAXINT = greatest value in list
2404 ' A() = array of unique integers
2405 'Out: A() as sorted data>
2409 '
2410 FOR J=1 TO MAXINT: X(J)=0: NEXT
2420 FOR J=1 TO SIZE: X(A(J))=-1: NEXT
2430 N=0
2440 FOR K=1 TO SIZE
2450 N=N+1: IF N>MAXINT THEN N=K-1: K=SIZE: SIZE=N: GOTO 2470 ELSE IF X(N)=0 THEN 2450
2460 A(K)=N
2470 NEXT
2499 RETURN 'driver: back to the caller
