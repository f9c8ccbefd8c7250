10 REM a number followed by , keeps its trailing space before a zone: 3.23 has no MODCOM [M unsorted/PRFLOAT]
20 PRINT 123456789012#,5
30 PRINT "ABCDEFGH";1234,5
40 PRINT 12,5
