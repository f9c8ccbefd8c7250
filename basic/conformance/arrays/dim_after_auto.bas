10 REM DIM after the array was auto-dimensioned is Duplicate Definition
20 X=A(3)
30 PRINT "AUTO"
40 DIM A(20)
