10 REM two divisions by zero in one expression print the message twice
20 PRINT 1./0/0
