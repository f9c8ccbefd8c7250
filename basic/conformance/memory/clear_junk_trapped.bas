10 REM text after CLEAR's operands is a Syntax error before anything is cleared: ON ERROR traps it
20 ON ERROR GOTO 100
30 A=5
40 CLEAR 1000,32768,1000 Z
50 PRINT "A=";A
60 CLEAR 1000 Z
70 PRINT "A=";A
80 END
100 PRINT "ERR";ERR;"ERL";ERL
110 RESUME NEXT
