10 REM a function may call another function
20 DEF FNA(X)=X*2
30 DEF FNB(X)=FNA(X)+1
40 PRINT FNB(5)
