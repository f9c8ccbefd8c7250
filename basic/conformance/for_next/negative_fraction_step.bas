10 REM negative fractional step with an integer-valued result
20 FOR X=2 TO 0 STEP -.5:PRINT X;:NEXT:PRINT:PRINT X
