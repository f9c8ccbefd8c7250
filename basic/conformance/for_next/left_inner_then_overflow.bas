10 REM NEXT J% after GOTO out of FOR K% drops K%, also when J% then overflows
20 FOR J%=32765 TO 32767
30 FOR K%=1 TO 5
40 IF K%=2 GOTO 60
50 NEXT K%
60 PRINT J%;K%
70 NEXT J%
80 PRINT "after"
