10 REM a number followed by , that ends one column before a zone boundary keeps its trailing space (GW 3.23)
20 PRINT 123456789012#,5
30 PRINT "ABCDEFGH";1234,5
40 PRINT 12,5
