10 REM changing the loop variable inside the loop affects it
20 FOR I=1 TO 10:PRINT I;:I=I*2:NEXT
30 PRINT:PRINT I
