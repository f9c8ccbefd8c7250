10 REM PRINT items glued without separators
20 PRINT"A"1"B"
30 PRINT 1"X"2
