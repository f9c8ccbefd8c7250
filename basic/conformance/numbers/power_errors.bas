10 REM a negative base needs an integer exponent; 0 to a negative power is soft
20 PRINT 0 ^ -1
30 PRINT (-8) ^ (1 / 3)
