10 REM STEP .5 leaves the first value past the limit in the variable
20 FOR N=1 TO 3 STEP .5:PRINT N;:NEXT N
30 PRINT:PRINT N
