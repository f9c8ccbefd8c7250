10 REM names may start with reserved words when a letter or digit follows
20 MAXINT=5:INTX=7:TOTAL=3:PRINTX=4:FORK=2
30 PRINT MAXINT;INTX;TOTAL;PRINTX;FORK
