10 REM SOUND f,d: f converted first, then text after d is a Syntax error, then the ranges
20 ON ERROR GOTO 100
30 SOUND 0,0
40 SOUND -1,0
50 SOUND 1,1,1
60 SOUND 32768,1,1
70 SOUND 1,1
80 SOUND 100
90 END
100 PRINT "error";ERR;"in";ERL:RESUME NEXT
