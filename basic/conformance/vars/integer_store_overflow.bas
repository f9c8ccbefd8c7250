10 REM storing a value outside -32768..32767 in an integer is Overflow
20 A%=32767:PRINT A%
30 A%=-32768!:PRINT A%
40 A%=40000
