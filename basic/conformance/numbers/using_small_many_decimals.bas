10 REM a small number in a field with more decimals than its digits: as many decimals as #s [M unsorted/PRFLOAT]
20 PRINT USING "#.##########"; .0000001
30 PRINT USING "#.###############"; .00000001
