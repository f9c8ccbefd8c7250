10 REM PRINT USING leading +, trailing + and -
20 PRINT USING "+##.##"; 1.5; -1.5
30 PRINT USING "##.##+"; 1.5; -1.5
40 PRINT USING "##.##-"; 1.5; -1.5
