10 REM an operand of \ outside -32768..32767 is a hard Overflow
20 PRINT 40000 \ 2
