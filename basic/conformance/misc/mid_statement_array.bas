10 REM the MID$ statement works on array elements
20 DIM A$(2):A$(1)="ABCDE"
30 MID$(A$(1),2,3)="xyz":PRINT A$(1)
