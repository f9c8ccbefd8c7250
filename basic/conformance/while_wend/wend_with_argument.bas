10 REM WEND followed by an expression is a Syntax error
20 I=0
30 WHILE I<1:I=I+1
40 WEND I
