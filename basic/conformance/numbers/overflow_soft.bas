10 REM float overflow is soft: message, signed maximum, execution goes on
20 PRINT 1E+38 * 10
30 PRINT -1E+38 * 10
40 PRINT 1D+38 * 10#
50 A! = 1.7E+38: A! = A! * A!: PRINT A!
60 PRINT "STILL RUNNING"
