10 REM subscripts var+const and var+var in stores, reads and SWAP; overflow in them
20 DEFINT A-Z: DIM A(20)
30 FOR J=0 TO 19: A(J+1)=J*3: NEXT
40 D=5: FOR K=1 TO 10: A(K)=A(K+D)+A(K+1): NEXT
50 FOR K=1 TO 5: SWAP A(K), A(K+D): NEXT
60 FOR K=0 TO 20: PRINT A(K);: NEXT: PRINT
70 ON ERROR GOTO 200
80 J=32767: A(J+1)=1
90 J=32760: D=100: PRINT A(J+D)
100 J=-5: D=3: PRINT A(J+D)
110 J=-32768: PRINT A(J+(-1))
120 PRINT "done"
130 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
