10 REM the condition is re-evaluated at every WEND
20 WHILE X<3
30 X=X+1:PRINT X;
40 WEND
50 PRINT
