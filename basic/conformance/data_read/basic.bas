10 REM READ takes values from DATA statements in order
20 READ A,B,C$
30 PRINT A;B;C$
40 DATA 1,2.5,HELLO
