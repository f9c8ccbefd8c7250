10 REM CDBL widens exactly, CSNG rounds to 7 digits' worth of bits
20 PRINT CDBL(.1); CDBL(1/3); CSNG(1.23456789#); CSNG(1/3#)
30 PRINT CDBL(1.701411E+38); CSNG(2.5#)
