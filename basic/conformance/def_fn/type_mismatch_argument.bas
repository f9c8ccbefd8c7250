10 REM a string argument for a numeric parameter is a Type mismatch
20 DEF FNA(X)=X+1
30 PRINT FNA("A")
