10 REM LSET and RSET justify into an existing string without changing its length
20 A$="ABCDEF":B$=A$
30 LSET A$="XY":RSET B$="XY"
40 PRINT "[";A$;"][";B$;"]"
50 LSET A$="1234567890":PRINT "[";A$;"]"
