10 REM PRINT USING ending with ; suppresses the newline
20 PRINT USING "&";"A";
30 PRINT USING "&";"B"
