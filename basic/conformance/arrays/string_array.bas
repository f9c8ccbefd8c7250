10 REM string arrays start empty
20 DIM S$(2)
30 S$(1)="ONE"
40 PRINT "[";S$(0);"]";S$(1);LEN(S$(2))
