10 REM a function may use global variables at call time
20 DEF FNG(X)=X+K
30 K=10:PRINT FNG(1)
40 K=20:PRINT FNG(1)
