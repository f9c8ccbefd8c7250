10 REM assigning a string to a numeric variable is a Type mismatch
20 A="X"
