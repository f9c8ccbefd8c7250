10 REM DIM with a computed size
20 N=4:DIM A(N*2)
30 A(8)=1:PRINT "OK"
40 A(9)=1
