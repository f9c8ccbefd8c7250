10 REM a zero mantissa with an exponent is zero: crunched, and read by VAL
20 PRINT .0E2; 0E5; 0.0D9; .0E-2; 00E+30
30 PRINT VAL(".E5"); VAL("0E38"); VAL("E5"); VAL(".0D2"); VAL("0E99")
40 A = .0E2: B# = 0D30: PRINT A = 0; B# = 0; MKS$(A) = MKS$(0)
50 LIST 20
