10 REM more than 7 digits make a double; E gives single, D double; ! # force
20 PRINT 1.23456789; 12345678; 1234567; 1234567! * 10
30 PRINT 16777217; 16777217!; 1.1 = 1.1#; 1.5 = 1.5#
40 PRINT 1E3; 1D3; 100000; 65535%; 32767 + 1; 1.0
