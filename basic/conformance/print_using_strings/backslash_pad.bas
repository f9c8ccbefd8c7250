10 REM \   \ pads a short string with spaces on the right
20 PRINT USING "\   \|";"AB"
30 PRINT USING "\   \|";""
