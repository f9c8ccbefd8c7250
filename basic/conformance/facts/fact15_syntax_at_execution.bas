1 REM fact 15: syntax is checked when the statement runs; earlier statements ran
4 PRINT 1: X: PRINT 2
