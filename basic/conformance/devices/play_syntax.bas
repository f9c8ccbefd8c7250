10 REM PLAY: the macro language's errors are Illegal function call
20 ON ERROR GOTO 100
30 PLAY "T255L64"
40 PLAY "N0C#D-A.>>>>>>>>C<<<<<<<<<C"
50 PLAY "P"
60 PLAY "E#"
70 PLAY "MZ"
80 PLAY "L64;;A"
90 PLAY 10
95 END
100 PRINT "error";ERR;"in";ERL:RESUME NEXT
