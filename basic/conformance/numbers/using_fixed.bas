10 REM PRINT USING numeric fields: digits, point, rounding
20 PRINT USING "###.##"; 3.14159; -3.14159; 0.004; 123.456
30 PRINT USING "##"; 5; -5
40 PRINT USING "#.####"; 1.5; .99999
50 PRINT USING "##.#####"; 1.23456789#
