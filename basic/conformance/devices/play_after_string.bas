10 REM PLAY takes one string: anything after it is an Illegal function call before a note is played
20 ON ERROR GOTO 200
30 PLAY "C","D"
40 PLAY "C" Z
50 PLAY "C",
60 PLAY 1,2
70 PLAY "MBL64C":PRINT PLAY(0)
80 PRINT "end":END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
