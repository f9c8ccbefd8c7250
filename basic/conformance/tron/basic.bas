10 REM TRON prints [line] when a line is entered, once per line
20 TRON
30 PRINT 1
40 REM
50 PRINT 2: PRINT 3
60 TROFF
70 PRINT 4
