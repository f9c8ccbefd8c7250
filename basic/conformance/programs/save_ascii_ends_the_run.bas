10 REM SAVE ,A is LIST to a file: it ends the program's run (a binary SAVE does not)
20 SAVE "ME"
30 PRINT "after the binary save"
40 SAVE "ME", A
50 PRINT "not reached"
