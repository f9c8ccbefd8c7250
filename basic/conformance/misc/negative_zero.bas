10 REM negating zero keeps the sign bit (MKS$ shows it) yet the value equals 0
20 Z! = 0: N! = -Z!: Z# = 0: N# = -Z#
30 FOR K = 1 TO 4: PRINT ASC(MID$(MKS$(N!), K)); : NEXT: PRINT
40 PRINT ASC(MID$(MKD$(N#), 7)); ASC(MID$(MKD$(N#), 8))
50 PRINT N! = 0; N! < 0; SGN(N!); N!; N#
