10 REM a string condition is a Type mismatch
20 WHILE "A"
30 WEND
