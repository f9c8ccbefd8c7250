10 REM MKI$ gives the two bytes of an integer; CVI reverses it
20 A$=MKI$(258):PRINT LEN(A$);ASC(A$);ASC(RIGHT$(A$,1));CVI(A$)
30 PRINT CVI(MKI$(-2));ASC(MKI$(-1))
