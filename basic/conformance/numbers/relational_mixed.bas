10 REM comparisons give -1 or 0; a single against a double is widened exactly
20 PRINT .1 = .1#; .5 = .5#; 1 = 1#; 1 < 2; 2 <= 1; 3 <> 3!
30 PRINT CDBL(.1) = .1!; 1E+38 > 1D+38; -1 < 0
