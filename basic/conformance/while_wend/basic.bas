10 REM WHILE ... WEND repeats while the condition is true
20 I=1
30 WHILE I<=3
40 PRINT I;
50 I=I+1
60 WEND
70 PRINT:PRINT "I=";I
