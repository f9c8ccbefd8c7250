10 REM CLEAR resets variables and DEFtype
20 DEFINT A:A=5:B=7
30 CLEAR
40 A=1.5:PRINT A;B
