10 REM two large single arrays do not fit in memory
20 DIM A(10000)
30 PRINT "FIRST FITS"
40 DIM X(12500)
