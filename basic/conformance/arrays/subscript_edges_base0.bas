10 REM Subscripts at and past the edges under OPTION BASE 0: -1, 0, the last, one past, in reads, comparisons, a table and stores
20 DEFINT A-Z
30 DIM A(4), B(2,3), V!(4)
40 FOR I=0 TO 4: A(I)=I+1: V!(I)=I/2: NEXT I
50 FOR I=0 TO 2: FOR J=0 TO 3: B(I,J)=I*10+J: NEXT J: NEXT I
60 ON ERROR GOTO 500
70 FOR T=1 TO 5
80 READ I, J
90 PRINT "I="; I; "J="; J
100 X=-99: X=A(I)*A(J): PRINT " product"; X
110 IF A(I)>=A(J) THEN PRINT " ge" ELSE PRINT " lt"
120 IF V!(I)<V!(J) THEN PRINT " v lt" ELSE PRINT " v ge"
130 X=-99: X=B(J,I): PRINT " table"; X
140 X=-99: X=B(I,J): PRINT " table"; X
150 A(J)=A(I): PRINT " copied"; A(0); A(4)
160 NEXT T
170 PRINT "end": END
200 DATA 0,4, 4,0, 3,-1, -1,3, 5,2
500 PRINT " error"; ERR; "in"; ERL: RESUME NEXT
