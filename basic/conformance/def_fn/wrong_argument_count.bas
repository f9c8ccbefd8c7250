10 REM calling with the wrong number of arguments is a Syntax error
20 DEF FNA(X)=X+1
30 PRINT FNA(1,2)
