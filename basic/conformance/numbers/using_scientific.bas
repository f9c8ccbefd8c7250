10 REM PRINT USING ^^^^ exponent fields
20 PRINT USING "##.##^^^^"; 1234.5; -1234.5
30 PRINT USING "+#.###^^^^"; .000123
40 PRINT USING ".####^^^^"; 123456
50 PRINT USING "###.#^^^^"; .5
