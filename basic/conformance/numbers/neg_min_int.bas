10 REM unary minus keeps integers integer, except -(-32768) which is a single
20 A% = -32768: PRINT -A%; -(-5); -(5!); -(5#)
30 B = -A%: PRINT B
