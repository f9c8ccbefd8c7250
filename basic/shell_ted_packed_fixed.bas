1 ' shell_ted_packed_fixed.bas - Ted's Shell sort, packed version, with 2170 NEXT changed to NEXT J.
2 ' Source: ../shared/seeds/000_7c5ea065bb5090bb.txt, "Ted's Computer World:
3 ' Sorting, Shuffling & Dealing", section "TED'S SHELL SORT", the three-line packing [time: 1.10 sec].
4 ' The packing is lines 2120-2170 only: it sorts SS elements and needs D from the
5 ' readable version's lines 2110-2115, so line 80 sets SS=SIZE and computes D with
6 ' those same expressions. Line 2199 RETURN is added. DEFINT A-Z as in shell_ted.bas.
7 ' FIXED: a bare NEXT reached by GOTO 2170 ends in NEXT without FOR (docs/listings.md).
8 ' Tests replace line 20 (parameters) and line 50 (data).
10 DEFINT A-Z
20 SIZE=1000: MAXINT=10000: SEED=1 'parameters
30 DIM A(SIZE)
40 RANDOMIZE SEED
50 FOR J=1 TO SIZE: A(J)=INT(RND*MAXINT)+1: NEXT 'random integers 1..MAXINT, repeats possible
60 SUM#=0: FOR J=1 TO SIZE: SUM#=SUM#+A(J): NEXT 'checksum before sorting
70 PRINT "Ted's packed Shell sort of"; SIZE; "integers 1 to"; MAXINT; "seed"; SEED
80 SS=SIZE: DLOOPS=INT(LOG(2*SS)/LOG(3))-1: D=(3^DLOOPS-1)/2: IF D=0 THEN D=1
100 GOSUB 2120 'the routine
110 SORTED=-1: FOR J=2 TO SIZE: IF A(J-1)>A(J) THEN SORTED=0
120 NEXT: FOR J=1 TO SIZE: SUM#=SUM#-A(J): NEXT
130 IF SORTED THEN PRINT "sorted: yes" ELSE PRINT "sorted: NO"
140 IF SUM#=0 THEN PRINT "checksum kept: yes" ELSE PRINT "checksum kept: NO"
150 F=5: IF SIZE<F THEN F=SIZE
160 PRINT "first:";: FOR J=1 TO F: PRINT A(J);: NEXT: PRINT
170 L=SIZE-4: IF L<1 THEN L=1
180 PRINT "last: ";: FOR J=L TO SIZE: PRINT A(J);: NEXT: PRINT
199 END
2120 WHILE D:FOR J=D+1 TO SS:FOR K=J-D TO 1 STEP-D:IF A(K)<=A(K+D) GOTO 2170
2155 SWAP A(K),A(K+D):NEXT
2170 NEXT J:D=D\3:WEND
2199 RETURN 'driver: back to the caller
