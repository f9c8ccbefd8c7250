10 REM single-precision loop: the step is added in MBF single precision
20 FOR A!=1.4 TO 10.5 STEP 1.5
30 PRINT A!
40 NEXT
