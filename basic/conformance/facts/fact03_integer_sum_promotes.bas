10 REM fact 3: integer + overflow promotes to single without error
20 PRINT 32767 + 32767
