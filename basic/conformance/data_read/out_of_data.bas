10 REM reading past the last item is Out of DATA
20 READ A,B
30 PRINT A;B
40 READ C
50 DATA 1,2
