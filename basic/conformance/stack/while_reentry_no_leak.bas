10 REM re-entering the same WHILE 200 times after jumping out does not fill the stack
20 C=C+1
30 WHILE C<300
40 IF C<200 THEN GOTO 20
50 C=C+1000
60 WEND
70 PRINT C
