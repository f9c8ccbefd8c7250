10 REM a DEFtype change holds from the next statement on: mid-line, at a line's end, in a loop
20 A=1.5: DEFINT A: A=2.7: PRINT A;A!
30 FOR K=1 TO 2: B=3.6: PRINT B;: DEFINT B: NEXT K: PRINT B;B!
40 DEFSTR C
50 C="X": PRINT C: DEFSNG C: C=1.25: PRINT C
