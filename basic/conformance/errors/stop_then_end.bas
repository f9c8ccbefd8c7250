10 REM STOP after output on the same line starts a new line for the message
20 PRINT 1;
30 STOP
