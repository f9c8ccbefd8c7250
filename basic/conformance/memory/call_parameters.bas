10 REM CALL and CALLS: the routine's variable is an address, each parameter a variable or an array element looked up in turn
20 ON ERROR GOTO 200
30 A=0:DIM B(5)
40 CALL A(B(1)):PRINT "element"
50 C=1:D$="":CALLS A(B(2),C,D$):PRINT "element, known scalars"
60 CALL A(B(6))
70 CALL A(E(3)):PRINT "new array"
80 CALL A(F,B(1)):PRINT "new scalar first"
90 CALL A(B(1),G)
100 A=70000:CALL A
110 A=-32769:CALLS A(C)
120 A=65535:CALL A:PRINT "65535"
130 A=0:CALL A(B(1) X
140 CALL A(B(1),)
150 CALL A(B(1)+1)
160 CALL A$(B(1))
170 PRINT "END":END
200 PRINT "ERR";ERR;"ERL";ERL
210 RESUME NEXT
