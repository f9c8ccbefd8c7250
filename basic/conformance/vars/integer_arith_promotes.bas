10 REM integer + - * overflow gives a single, no error
20 A%=32767:B%=2
30 C=A%+B%:D=A%*B%:E=-A%-B%
40 PRINT C;D;E
