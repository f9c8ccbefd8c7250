10 REM a number that does not fit its field is printed whole after a %
20 PRINT USING "##"; 123
30 PRINT USING "###.##"; 999.995
40 PRINT USING "#.####"; TAN(1.5)
50 PRINT USING ".##"; -.5
