10 REM DIM makes each array as its name is scanned: where the list goes wrong the arrays before it already exist
20 ON ERROR GOTO 200
30 DIM A(10),1
40 A(10)=5: PRINT A(10)
50 DIM B(5),C(-1)
60 ERASE B: PRINT "B erased"
70 DIM D(3),E(2 X)
80 ERASE D: PRINT "D erased"
90 ERASE E
100 DIM F(2) X
110 ERASE F: PRINT "F erased"
120 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
