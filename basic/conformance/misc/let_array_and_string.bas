10 REM assignments to array elements and string variables
20 LET A(3)=4:B$(2)="BEE"
30 PRINT A(3);B$(2)
