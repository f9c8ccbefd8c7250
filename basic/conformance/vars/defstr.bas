10 REM DEFSTR makes unsuffixed names strings
20 DEFSTR S
30 S="HELLO":SX="WORLD"
40 PRINT S;" ";SX;LEN(S)
