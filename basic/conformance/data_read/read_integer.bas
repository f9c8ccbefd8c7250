10 REM READ into an integer variable rounds
20 READ A%,B%
30 PRINT A%;B%
40 DATA 2.5,-3.5
