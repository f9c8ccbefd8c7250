10 REM ERROR 256 is an Illegal function call
20 ERROR 256
