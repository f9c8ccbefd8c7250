10 REM MID$ with a start of 0 is an Illegal function call
20 PRINT MID$("ABC",0,1)
