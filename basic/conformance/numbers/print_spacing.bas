10 REM PRINT puts a sign position before and a space after every number
20 PRINT 1; -1; "A"; 2; 1.5; -1.5; 1#; "B"
30 PRINT 1, -1, 1E+10, 1D+20
