10 REM PRINT USING prints the text up to a field before it evaluates the value (BIPRTU.ASM PRINUS)
20 F=0
30 PRINT USING "A=## B=& C=!";5,STR$(1/F),"Z"
40 PRINT USING "X=## Y=&";7,STR$(1E+38*10)
