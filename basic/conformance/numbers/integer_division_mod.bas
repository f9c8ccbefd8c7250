10 REM \ and MOD round their operands to integers; MOD has the dividend's sign
20 PRINT 7 \ 2; -7 \ 2; 7.9 \ 2; 7.4 \ 2; -7.5 \ 2
30 PRINT 17 MOD -3; -17 MOD 3; 5.5 MOD 2; 10 MOD 3.5; -32768 MOD -1
