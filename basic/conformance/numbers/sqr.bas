10 REM SQR: exact root of the single mantissa, rounded at the 25th bit
20 PRINT SQR(4); SQR(2); SQR(1.5); SQR(0); SQR(1E+38)
30 PRINT SQR(2#) * 1#; SQR(10) * SQR(10)
