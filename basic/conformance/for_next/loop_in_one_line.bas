10 REM FOR and NEXT on one line, many iterations
20 S=0:FOR I=1 TO 100:S=S+I:NEXT:PRINT S
