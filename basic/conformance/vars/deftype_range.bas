10 REM DEFINT with a letter range
20 DEFINT A-C,X
30 A=1.6:B=2.4:C=-1.5:X=7.5:Y=7.5
40 PRINT A;B;C;X;Y
