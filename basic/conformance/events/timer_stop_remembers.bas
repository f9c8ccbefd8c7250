10 REM TIMER STOP remembers an event without taking it; TIMER ON takes it at the next statement
20 ON TIMER(1) GOSUB 100
30 TIMER ON: TIMER STOP
40 T = TIMER: WHILE ABS(TIMER - T) < 1.5: WEND
50 PRINT "stopped"
60 TIMER ON
70 PRINT "after on"
80 TIMER OFF
90 END
100 PRINT "tick": RETURN
