10 REM INPUT into an integer variable rounds the value
20 INPUT A%
30 PRINT A%
