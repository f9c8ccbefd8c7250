10 REM names may contain dots
20 A.B=3:A.B.C=4:X.=5
30 PRINT A.B;A.B.C;X.
