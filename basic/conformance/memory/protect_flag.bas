10 REM PEEK(1450) is GW's protection flag: 0 for a program that is not protected
20 PRINT PEEK(1450)
