10 REM assigning a number to a string variable is a Type mismatch
20 A$=5
