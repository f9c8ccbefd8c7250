10 REM numbers in comma zones
20 PRINT -1,-22,-333
30 PRINT 1.5,,2
