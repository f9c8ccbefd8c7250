10 REM 10^16 and more cannot be printed in a fixed field: % and the free-format text
20 PRINT USING "##.##"; 1E+20
30 PRINT USING "##.##"; -1E+20
40 PRINT USING "##.##"; 1D+17
