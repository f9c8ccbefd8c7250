10 REM / divides integers as singles; digits are GW's own (1/3 prints .3333334)
20 PRINT 1/3; 2/3; 10/3; 7/2; 22/7; 1/7
30 PRINT 100/3; 1E+06/3; 1/300000
