10 REM PRINT USING "!" prints only the first character of the string
20 PRINT USING "!";"HELLO"
30 PRINT USING "!";"";
40 PRINT "|"
