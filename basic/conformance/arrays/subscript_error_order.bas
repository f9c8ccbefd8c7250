10 REM Each subscript is checked as it is read (negative: error 5; 0 under OPTION BASE 1: error 9), before the next is read and before the array is found or made
20 DEFINT A-Z
30 DIM B(2,3)
40 ON ERROR GOTO 500
50 PRINT 1: X=B(3,-1)
60 PRINT 2: X=B(-1,3)
70 PRINT 3: X=B(2,4,-1)
80 PRINT 4: X=B(-1)
90 PRINT 5: X=C(-1)
100 PRINT 6: DIM C(20): PRINT "C made by DIM"
110 PRINT 7: X=E(5,-1)
120 PRINT 8: DIM E(20,20): PRINT "E made by DIM"
130 PRINT 9: R=RND(-1): X=B(-1,RND*2): PRINT RND
140 PRINT 10: R=RND(-1): X=RND: PRINT RND
150 PRINT 11: B(3,-1)=5
160 PRINT 12: SWAP B(1,1),B(3,-1)
170 PRINT 13: DIM F(3,-1)
180 PRINT 14: X=B(40000,-1)
190 PRINT 15: X=B(-1,40000)
200 PRINT "end": END
500 PRINT " error"; ERR; "in"; ERL: RESUME NEXT
