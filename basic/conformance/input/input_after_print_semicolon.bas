10 REM INPUT after PRINT ending with ; continues the same line
20 PRINT "VALUE";
30 INPUT X
40 PRINT X
