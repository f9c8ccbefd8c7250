10 REM text after FOR's operands is a Syntax error raised before the loop's entry is made
20 ON ERROR GOTO 100
30 FOR I=1 TO 3,1
40 PRINT "I=";I
50 NEXT I
60 FOR J%=1 TO 2 X
70 PRINT "J%=";J%
80 PRINT "END"
90 END
100 PRINT "ERR";ERR;"ERL";ERL
110 RESUME NEXT
