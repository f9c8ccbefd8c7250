10 REM ASC of the empty string is an Illegal function call
20 PRINT ASC("")
