10 REM ON TIMER: the handler is entered between statements as a GOSUB and RETURN comes back to the loop
20 ON TIMER(1) GOSUB 100
30 TIMER ON
40 WHILE N < 2: C = C + 1: WEND
50 TIMER OFF
60 PRINT "handled"; N; "times; the loop ran:"; C > 0
70 END
100 N = N + 1: PRINT "tick"; N
110 RETURN
