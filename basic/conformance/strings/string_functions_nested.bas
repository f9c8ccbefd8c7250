10 REM nested string functions
20 A$="The quick brown fox"
40 PRINT MID$(A$,INSTR(A$,"quick"),5);LEN(LEFT$(A$,INSTR(A$," ")-1))
