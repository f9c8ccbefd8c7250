10 REM \  \ prints n+2 characters, truncating longer strings
20 PRINT USING "\  \";"HELLO"
30 PRINT USING "\\";"XYZ"
