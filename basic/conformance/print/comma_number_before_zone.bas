10 REM a number followed by , that ends one column before a zone boundary gets no trailing space
20 PRINT 123456789012#,5
30 PRINT "ABCDEFGH";1234,5
40 PRINT 12,5
