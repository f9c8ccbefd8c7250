10 REM ERASE of an array that does not exist is an Illegal function call
20 ERASE Q
