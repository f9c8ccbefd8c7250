10 REM PRINT USING with a plain numeric field (strings area sanity check)
20 PRINT USING "###";5;12;123
