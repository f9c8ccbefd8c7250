1 ' array_map.bas - Array Map sort, exactly as printed.
2 ' Source: ../shared/seeds/000_7c5ea065bb5090bb.txt, "Ted's Computer World:
3 ' Sorting, Shuffling & Dealing", section "ARRAY MAP".
4 ' Lines 1-199 are the driver; line 2499 RETURN is added. X() has MAXINT elements
5 ' ("as many elements as the greatest integer"). DEFINT A-Z: integer data.
6 ' The listing needs different values: line 50 draws SIZE of 1..MAXINT without
7 ' repeats (X() is its scratch pool; 2410 clears it). With repeats it fails:
8 ' Subscript out of range in 2450 (docs/listings.md). Tests replace 20 and 50.
10 DEFINT A-Z
20 SIZE=1000: MAXINT=2000: SEED=1 'parameters (SIZE<=MAXINT)
30 DIM A(SIZE), X(MAXINT)
40 RANDOMIZE SEED
50 FOR J=1 TO MAXINT: X(J)=J: NEXT: FOR J=1 TO SIZE: R=INT(RND*(MAXINT-J+1))+J: SWAP X(J),X(R): A(J)=X(J): NEXT 'SIZE different values
60 SUM#=0: FOR J=1 TO SIZE: SUM#=SUM#+A(J): NEXT 'checksum before sorting
70 PRINT "Array Map sort of"; SIZE; "integers 1 to"; MAXINT; "seed"; SEED
100 GOSUB 2400 'the routine
110 SORTED=-1: FOR J=2 TO SIZE: IF A(J-1)>A(J) THEN SORTED=0
120 NEXT: FOR J=1 TO SIZE: SUM#=SUM#-A(J): NEXT
130 IF SORTED THEN PRINT "sorted: yes" ELSE PRINT "sorted: NO"
140 IF SUM#=0 THEN PRINT "checksum kept: yes" ELSE PRINT "checksum kept: NO"
150 F=5: IF SIZE<F THEN F=SIZE
160 PRINT "first:";: FOR J=1 TO F: PRINT A(J);: NEXT: PRINT
170 L=SIZE-4: IF L<1 THEN L=1
180 PRINT "last: ";: FOR J=L TO SIZE: PRINT A(J);: NEXT: PRINT
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
2450 N=N+1: IF X(N)=0 THEN 2450
2460 A(K)=N
2470 NEXT
2499 RETURN 'driver: back to the caller
