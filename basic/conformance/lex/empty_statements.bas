10 REM empty statements between colons are allowed
20 ::PRINT 1::PRINT 2:
30 PRINT 3
