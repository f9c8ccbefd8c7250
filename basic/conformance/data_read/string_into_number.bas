10 REM a non-numeric item read into a numeric variable is a Syntax error in the DATA line
20 READ A
30 PRINT A
40 READ B
50 DATA 5,ABC
