1 ' array_match.bas - Array Match sort, exactly as printed.
2 ' Source: ../shared/seeds/000_7c5ea065bb5090bb.txt, "Ted's Computer World:
3 ' Sorting, Shuffling & Dealing", section "ARRAY MATCH".
4 ' Lines 1-199 are the driver; line 2599 RETURN is added. The two lines 2504 are as
5 ' printed: GW-BASIC keeps the later one. X() has MAXINT elements. DEFINT A-Z.
6 ' As printed, 2550 moves N on before X(N) is tested again, so repeated values
7 ' are lost and N runs past MAXINT: Subscript out of range in 2550.
8 ' Tests replace line 20 (parameters) and line 50 (data).
10 DEFINT A-Z
20 SIZE=1000: MAXINT=1000: SEED=1 'parameters
30 DIM A(SIZE), X(MAXINT)
40 RANDOMIZE SEED
50 FOR J=1 TO SIZE: A(J)=INT(RND*MAXINT)+1: NEXT 'random integers 1..MAXINT, repeats possible
60 SUM#=0: FOR J=1 TO SIZE: SUM#=SUM#+A(J): NEXT 'checksum before sorting
70 PRINT "Array Match sort of"; SIZE; "integers 1 to"; MAXINT; "seed"; SEED
100 GOSUB 2500 'the routine
110 SORTED=-1: FOR J=2 TO SIZE: IF A(J-1)>A(J) THEN SORTED=0
120 NEXT: FOR J=1 TO SIZE: SUM#=SUM#-A(J): NEXT
130 IF SORTED THEN PRINT "sorted: yes" ELSE PRINT "sorted: NO"
140 IF SUM#=0 THEN PRINT "checksum kept: yes" ELSE PRINT "checksum kept: NO"
150 F=5: IF SIZE<F THEN F=SIZE
160 PRINT "first:";: FOR J=1 TO F: PRINT A(J);: NEXT: PRINT
170 L=SIZE-4: IF L<1 THEN L=1
180 PRINT "last: ";: FOR J=L TO SIZE: PRINT A(J);: NEXT: PRINT
199 END
2500 '-------[ Array Map - matching data ok ]-------
2501 '
2502 'In: SIZE = number of elements to sort
2503 ' MAXINT = greatest value in list
2504 ' A() array of non-negative integers
2504 ' X() dimensioned >= greatest integer
2505 'Out: A() sorted
2509 '
2510 FOR J=1 TO MAXINT: X(J)=0: NEXT
2520 FOR J=1 TO SIZE: X(A(J))=X(A(J))+1: NEXT
2530 N=0
2540 FOR J=1 TO SIZE
2550 N=N+1: IF X(N)=0 THEN 2550
2560 A(J)=N
2570 X(N)=X(N)-1
2580 NEXT J
2599 RETURN 'driver: back to the caller
