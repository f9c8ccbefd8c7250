10 REM integer + - * overflow promotes to single without an error
20 PRINT 32767 + 32767; -32768 - 1; 200 * 200; 181 * 181; 32767 + 1
30 A% = 32767: PRINT A% + A%, A% * 2, A% - (-1)
