1 ' shell_metzner.bas - Shell-Metzner sort, exactly as printed.
2 ' Source: ../shared/seeds/000_7c5ea065bb5090bb.txt, "Ted's Computer World:
3 ' Sorting, Shuffling & Dealing", section "SHELL-METZNER SORT".
4 ' Lines 1-199 are the driver. Line 2199 RETURN is added: the listing has none,
5 ' it ends at 2190 WEND. The routine's lines 2100-2190 are verbatim.
6 ' DEFINT A-Z: the document sorts integers; its own line 40 DIM A(10000), X(12500)
7 ' in single precision is Out of memory in GW-BASIC's 64 KB (docs/listings.md).
8 ' Tests replace line 20 (parameters) and line 50 (data).
10 DEFINT A-Z
20 SIZE=1000: MAXINT=10000: SEED=1 'parameters
30 DIM A(SIZE)
40 RANDOMIZE SEED
50 FOR J=1 TO SIZE: A(J)=INT(RND*MAXINT)+1: NEXT 'random integers 1..MAXINT, repeats possible
60 SUM#=0: FOR J=1 TO SIZE: SUM#=SUM#+A(J): NEXT 'checksum before sorting
70 PRINT "Shell-Metzner sort of"; SIZE; "integers 1 to"; MAXINT; "seed"; SEED
100 GOSUB 2100 'the routine
110 SORTED=-1: FOR J=2 TO SIZE: IF A(J-1)>A(J) THEN SORTED=0
120 NEXT: FOR J=1 TO SIZE: SUM#=SUM#-A(J): NEXT
130 IF SORTED THEN PRINT "sorted: yes" ELSE PRINT "sorted: NO"
140 IF SUM#=0 THEN PRINT "checksum kept: yes" ELSE PRINT "checksum kept: NO"
150 F=5: IF SIZE<F THEN F=SIZE
160 PRINT "first:";: FOR J=1 TO F: PRINT A(J);: NEXT: PRINT
170 L=SIZE-4: IF L<1 THEN L=1
180 PRINT "last: ";: FOR J=L TO SIZE: PRINT A(J);: NEXT: PRINT
199 END
2100 '-----------[ Shell-Metzner ]-----------
2101 '
2102 'In: SIZE = number of data elements
2103 ' A() = array to be sorted
2104 'Out: A() as sorted list
2109 '
2110 DLOOPS = INT(LOG(2*SIZE)/LOG(3))-1
2115 D=(3^DLOOPS-1)/2:  IF D=0 THEN D=1
2119 '
2120 WHILE D
2130 FOR J=D+1 TO SIZE
2135 T=A(J)
2140 FOR K=J-D TO 1 STEP -D
2150 IF T>=A(K) GOTO 2165
2155 A(K+D)=A(K)
2160 NEXT K
2165 A(K+D)=T
2170 NEXT J
2180 D=D\3
2190 WEND
2199 RETURN 'driver: back to the caller
