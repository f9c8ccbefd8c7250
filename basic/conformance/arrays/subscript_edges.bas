10 REM Subscripts at and past the edges under OPTION BASE 1: 0, negative, the last, one past, in every read and store path
20 DEFINT A-Z: OPTION BASE 1
30 DIM A(5), B(3,4)
40 FOR I=1 TO 5: A(I)=I*10: NEXT I
50 FOR I=1 TO 3: FOR J=1 TO 4: B(I,J)=I*100+J: NEXT J: NEXT I
60 ON ERROR GOTO 500
70 FOR T=1 TO 6
80 READ I, J
90 PRINT "I="; I; "J="; J
100 X=-99: X=A(I): PRINT " read"; X
110 X=-99: X=A(I)+A(J): PRINT " sum"; X
120 X=-99: IF A(I)<A(J) THEN PRINT " less" ELSE PRINT " not less"
130 X=-99: X=B(J,I): PRINT " table"; X
140 A(I)=7: PRINT " stored"; A(1); A(5)
150 SWAP A(I),A(J): PRINT " swapped"; A(1); A(5)
160 NEXT T
170 PRINT "end": END
200 DATA 1,5, 5,1, 0,1, 1,0, -1,2, 6,1
500 PRINT " error"; ERR; "in"; ERL: RESUME NEXT
