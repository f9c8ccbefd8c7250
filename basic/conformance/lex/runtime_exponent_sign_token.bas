10 REM a number left as text after a name: its E takes an exponent's digits, but not a sign crunched as an operator, which stays in the expression (N 1E+20 is 1+20)
20 N = 3: E = 100
30 PRINT N 12345 1E+20
40 PRINT N 1E-5
50 PRINT N 2E
60 PRINT N 1D+2; N 1E5
70 PRINT N 2E 1
80 PRINT N 1 E 2
90 PRINT N 1EL
