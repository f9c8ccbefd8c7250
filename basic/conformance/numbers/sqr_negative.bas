10 REM SQR of a negative number is Illegal function call
20 PRINT SQR(-1)
