10 REM READ finds DATA only where it starts a statement, not after THEN or ELSE
20 IF 0 THEN DATA 1, 2 ELSE DATA 3
30 DATA four: IF 1 THEN DATA 5
40 DATA six ELSE DATA seven: DATA eight
50 FOR K = 1 TO 3: READ A$: PRINT "["; A$; "]": NEXT
