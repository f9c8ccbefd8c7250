5 REM PRINT USING with no values: a field reached is Missing operand, a format without fields Illegal function call [M gwbasic/various_syntax_errors; S BIPRTU.ASM]
10 ON ERROR GOTO 100
20 PRINT USING "\\  \\";
30 PRINT USING "ab##";
40 PRINT USING "!";
45 PRINT USING "&";
50 PRINT USING "xyz";
60 PRINT "end"
70 END
100 PRINT "E";ERR;ERL: RESUME NEXT
