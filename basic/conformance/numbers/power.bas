10 REM ^ works in single precision: integer powers by repeated multiplication
20 PRINT 2 ^ 10; 10# ^ 15; 2 ^ .5; (-2) ^ 3; 0 ^ 0; 2 ^ -1; 1.5 ^ 2
30 PRINT 10 ^ 10; 3 ^ 20; 2 ^ 24 + 1
