10 REM fact 6: MOD takes the dividend's sign; \ truncates after rounding the operands
20 PRINT 17 MOD -3; -17 MOD 3; 7.9\2
