10 REM PRINT USING ** fill, $$ floating dollar, **$ both
20 PRINT USING "**##.##"; 1.5; -1.5
30 PRINT USING "$$##.##"; 12.34; -12.34
40 PRINT USING "**$##.##"; 1.5; -1.5
