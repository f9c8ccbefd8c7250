10 REM the limit and step are evaluated once
20 N=3:S=1
30 FOR I=1 TO N STEP S:N=10:S=5:PRINT I;:NEXT
40 PRINT
