10 REM the format string is reused for extra values
20 PRINT USING "!";"AB";"CD";"EF"
30 PRINT USING "(&) ";"X";"Y"
