10 REM CLEAR's operands: a negative first one or a zero size is an Illegal function call, too much or too little memory Out of memory, an empty one after a comma a Syntax error
20 ON ERROR GOTO 100
30 CLEAR -1
40 CLEAR ,0
50 CLEAR ,65535
70 CLEAR ,
80 PRINT FRE(0)
90 END
100 PRINT ERR; ERL: RESUME NEXT
