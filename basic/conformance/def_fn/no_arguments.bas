10 REM a function without parameters
20 DEF FNPI=3.5
30 PRINT FNPI*2
