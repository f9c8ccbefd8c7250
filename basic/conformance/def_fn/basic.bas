10 REM DEF FN defines a one-line function
20 DEF FNSQ(X)=X*X
30 PRINT FNSQ(3);FNSQ(-4)
