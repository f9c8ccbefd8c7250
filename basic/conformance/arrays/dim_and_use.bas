10 REM DIM declares the size
20 DIM A(20),B$(3)
30 A(20)=7:B$(3)="Z"
40 PRINT A(20);B$(3);A(0);"[";B$(0);"]"
50 A(21)=1
