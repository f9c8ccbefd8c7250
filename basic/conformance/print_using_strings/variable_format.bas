10 REM the format may be a string variable
20 F$="<\ \>"
30 PRINT USING F$;"ABCDE"
40 PRINT USING F$+"!";"XY";"Z"
