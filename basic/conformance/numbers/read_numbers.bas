10 REM READ converts DATA text like INPUT; & constants and exponents work
20 FOR I = 1 TO 7: READ A: PRINT A;: NEXT: PRINT
30 DATA 1, -2.5, 1 2 3, &H10, 1E3, .5D1,
