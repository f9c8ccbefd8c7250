10 REM SPC(n) prints n spaces; negative counts print nothing
20 PRINT "A";SPC(3);"B"
30 PRINT "C";SPC(0);"D";SPC(-2);"E"
40 PRINT SPC(2);5
