10 REM DEF FN enters the function in the scalar table, then its parameters
20 F=FRE(0): DEF FNA(X)=X: PRINT F-FRE(0)
30 F=FRE(0): DEF FNLONG(X,Y)=X+Y: PRINT F-FRE(0)
40 F=FRE(0): DEF FNA(X)=2*X: PRINT F-FRE(0)
50 B=1: PRINT VARPTR(B)-VARPTR(Y)
