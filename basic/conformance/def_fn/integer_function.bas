10 REM a function with a % name returns an integer
20 DEF FNI%(X)=X*1.6
30 PRINT FNI%(2)
