10 REM SPACE$(256) is an Illegal function call
20 PRINT LEN(SPACE$(256))
