10 REM &H, &O and & octal literals are 16-bit integers
20 PRINT &HFF;&O17;&17;&H7FFF
30 PRINT &HFFFF;&H8000;&O177777
