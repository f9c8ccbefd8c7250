10 REM string and numeric fields in one format
20 PRINT USING "& ###";"A";5;"BB";42
