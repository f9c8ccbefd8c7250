10 REM float division by zero is soft: message, signed maximum, execution goes on
20 PRINT 1 / 0
30 PRINT -1 / 0
40 PRINT 1# / 0
50 PRINT 1 \ 0
60 PRINT -1 MOD 0
70 PRINT "STILL RUNNING"
