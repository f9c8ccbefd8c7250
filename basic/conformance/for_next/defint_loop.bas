10 REM a DEFINT letter makes an integer loop variable
20 DEFINT I
30 FOR I=1 TO 3:PRINT I;:NEXT
40 PRINT:PRINT I/2
