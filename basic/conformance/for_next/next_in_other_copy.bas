10 REM a NEXT that is not the one bound by the FOR scan gives NEXT without FOR
20 FOR J=1 TO 2
30 PRINT "A";J
40 IF J=1 THEN GOTO 70
50 NEXT J
60 END
70 PRINT "B";J
80 NEXT J
