10 REM SIN COS TAN reduce the angle in double precision, then a single polynomial
20 PRINT SIN(1); SIN(-1); SIN(1.5); SIN(0); SIN(3.14159)
30 PRINT COS(1); COS(1.5); COS(0); TAN(1); TAN(1.5)
40 PRINT SIN(256); COS(256); SIN(32768)
