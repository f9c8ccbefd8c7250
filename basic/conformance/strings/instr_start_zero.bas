10 REM INSTR with a start of 0 is an Illegal function call
20 PRINT INSTR(0,"ABC","B")
