10 REM & prints the whole string
20 PRINT USING "&";"XYZ"
30 PRINT USING "[&]";"A LONGER STRING"
