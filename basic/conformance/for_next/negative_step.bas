10 REM a negative STEP counts down; the variable ends below the limit
20 FOR I=10 TO 1 STEP -3:PRINT I;:NEXT
30 PRINT:PRINT I
