10 REM the parameter does not change the global variable of the same name
20 X=100
30 DEF FNF(X)=X+1
40 PRINT FNF(5);X
