10 REM IF comparing integer array elements with var+const and var+var subscripts
20 DEFINT A-Z: DIM A(10), S!(10)
30 FOR I=0 TO 10: A(I)=(I*7) MOD 11: S!(I)=A(I)/2: NEXT
40 FOR K=0 TO 8: D=2
50 IF A(K)<=A(K+D) THEN PRINT "le";  ELSE PRINT "gt";
60 IF A(K+1)=A(K+D) THEN PRINT "=";
70 IF A(K)<>S!(K+1) THEN PRINT "#"; ELSE PRINT "~";
80 NEXT K: PRINT
90 ON ERROR GOTO 200
100 J=32767: IF A(J+1)>A(0) THEN PRINT "not reached"
110 J=10: IF A(J+1)>A(0) THEN PRINT "not reached"
120 J=-1: IF A(0)<A(J+0) THEN PRINT "not reached"
130 D=32000: J=1000: IF A(J+D)=0 THEN PRINT "not reached"
140 J=4: D=5: IF A(J+D)>=A(J+1) THEN PRINT "ok" ELSE PRINT "no"
150 X=32767: Y=X+1
160 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
