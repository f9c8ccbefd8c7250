10 REM fact 10: logical operators accept only -32768..32767
20 PRINT &HFFFF AND 1
30 PRINT 65535 AND 1
