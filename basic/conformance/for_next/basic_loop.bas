10 REM a simple FOR loop and the value after it ends
20 FOR I=1 TO 5:PRINT I;:NEXT I
30 PRINT:PRINT "AFTER";I
