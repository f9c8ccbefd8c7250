5 REM fact 14: keywords glued to letters or digits are not keywords
10 FORI=1TO3:PRINT I:NEXT
