10 REM CVI of a string shorter than 2 bytes is an Illegal function call
20 PRINT CVI("A")
