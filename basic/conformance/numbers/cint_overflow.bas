10 REM CINT of a value outside -32768..32767 is a hard Overflow
20 PRINT CINT(32767.4)
30 PRINT CINT(32767.5)
