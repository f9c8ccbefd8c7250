10 REM ERROR 0 is an Illegal function call
20 ERROR 0
