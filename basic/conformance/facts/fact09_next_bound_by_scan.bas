5 REM fact 9: the NEXT inside THEN is the one bound by the FOR scan
10 FOR K=1 TO 3: IF K=2 THEN NEXT K ELSE PRINT K
20 NEXT K
