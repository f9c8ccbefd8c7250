10 REM DEFDBL makes unsuffixed names double precision
20 DEFDBL D
30 D=1/3#:E=1/3#
40 PRINT D;E
