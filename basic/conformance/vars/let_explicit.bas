10 REM LET is optional
20 LET A=1:B=2:LET C$="C"
30 PRINT A;B;C$
