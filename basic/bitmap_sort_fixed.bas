1 ' bitmap_sort_fixed.bas - Bitmap sort, with SS in line 530 changed to SIZE.
2 ' Source: ../shared/seeds/000_7c5ea065bb5090bb.txt, "Ted's Computer World:
3 ' Sorting, Shuffling & Dealing", section "BITMAP".
4 ' Lines 1-199 are the driver; line 599 RETURN is added. X() gets (MAXINT+15)\16+1
5 ' elements, the routine's own bound in 510. Line 50 draws different values (pool P).
6 ' FIXED: as printed, 530 tests N<=SS; SS is never set (0), so nothing is
7 ' written back to A() (docs/listings.md).
8 ' Tests replace line 20 (parameters) and line 50 (data).
10 DEFINT A-Z
20 SIZE=1000: MAXINT=2000: SEED=1 'parameters (SIZE<=MAXINT)
30 DIM A(SIZE), X((MAXINT+15)\16), P(MAXINT)
40 RANDOMIZE SEED
50 FOR J=1 TO MAXINT: P(J)=J: NEXT: FOR J=1 TO SIZE: R=INT(RND*(MAXINT-J+1))+J: SWAP P(J),P(R): A(J)=P(J): NEXT 'SIZE different values
60 SUM#=0: FOR J=1 TO SIZE: SUM#=SUM#+A(J): NEXT 'checksum before sorting
70 PRINT "Bitmap sort of"; SIZE; "integers 1 to"; MAXINT; "seed"; SEED
100 GOSUB 400 'the routine
105 PRINT "written back:"; N-1
110 SORTED=-1: FOR J=2 TO SIZE: IF A(J-1)>A(J) THEN SORTED=0
120 NEXT: FOR J=1 TO SIZE: SUM#=SUM#-A(J): NEXT
130 IF SORTED THEN PRINT "sorted: yes" ELSE PRINT "sorted: NO"
140 IF SUM#=0 THEN PRINT "checksum kept: yes" ELSE PRINT "checksum kept: NO"
150 F=5: IF SIZE<F THEN F=SIZE
160 PRINT "first:";: FOR J=1 TO F: PRINT A(J);: NEXT: PRINT
170 L=SIZE-4: IF L<1 THEN L=1
180 PRINT "last: ";: FOR J=L TO SIZE: PRINT A(J);: NEXT: PRINT
199 END
400 '-----------[ Bitmap Sort - matching values are absorbed ]-----------
401 '
402 'In: SIZE = number of elements to sort
403 ' MAXINT = greatest value in list
404 ' A() = array of;non-negative integers
405 ' X() = initialized at 0, must be at least 1/16 the size of the greatest integer
406 'Out: A() sorted
409 '
410 FOR J=1 TO SIZE
420 EL=A(J)\16: BIT=A(J) MOD 16
430 IF BIT<15 THEN X(EL)=X(EL) OR 2^BIT
440 IF BIT=15 THEN IF X(EL)>=0 THEN X(EL)=X(EL) OR -32768!
450 NEXT J
499 '
500 N=1
510 FOR EL=0 TO (MAXINT+15)\16
520 BIT=0
530 WHILE BIT<16 AND N<=SIZE
540 IF BIT=15 AND X(EL)<0 THEN A(N)=16*EL+15: N=N+1
550 IF BIT<15 THEN IF X(EL) AND 2^BIT THEN A(N)=16*EL+BIT: N=N+1
560 BIT=BIT+1
570 WEND
580 NEXT EL
599 RETURN 'driver: back to the caller
