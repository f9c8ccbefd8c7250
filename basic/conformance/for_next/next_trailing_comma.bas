10 REM NEXT I, : once I's loop ends, the comma ending the statement is NEXT without FOR; a FOR bound to it runs
20 ON ERROR GOTO 100
30 FOR J=1 TO 2:FOR I=1 TO 2:PRINT I;:NEXT I,
40 PRINT "J";J;"I";I
50 FOR K=1 TO 2:PRINT K;:NEXT K,:PRINT "same line"
60 PRINT "end"
70 FOR L=1 TO 2:NEXT L,
80 PRINT "not reached"
90 END
100 PRINT "ERR";ERR;"ERL";ERL
110 IF ERL<70 THEN RESUME NEXT
120 ON ERROR GOTO 0
