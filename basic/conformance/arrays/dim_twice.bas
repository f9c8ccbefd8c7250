10 REM DIM of an existing array is Duplicate Definition
20 DIM A(5)
30 PRINT "ONE"
40 DIM A(5)
