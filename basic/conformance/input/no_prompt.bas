10 REM INPUT without prompt shows "? "
20 INPUT A
30 PRINT A*2
