10 REM the FOR scan binds the NEXT inside a THEN; another NEXT for it fails
20 FOR K=1 TO 3
30 IF K=2 THEN NEXT K ELSE PRINT K
40 NEXT K
