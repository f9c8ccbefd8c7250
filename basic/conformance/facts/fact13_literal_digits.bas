10 REM fact 13: more than 7 digits make a double literal; singles show 7 digits
20 PRINT 1.23456789; 12345678; 1234567!*10
