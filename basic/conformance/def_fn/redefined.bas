10 REM executing DEF FN again replaces the definition
20 DEF FNA(X)=X+1:PRINT FNA(1)
30 DEF FNA(X)=X+2:PRINT FNA(1)
