10 REM LPOS: printable bytes count, CR resets, backspace steps back, other controls stay
20 LPRINT "hi";:PRINT LPOS(0);
30 LPRINT CHR$(8);:PRINT LPOS(0);
40 LPRINT CHR$(9);CHR$(7);:PRINT LPOS(0);
50 LPRINT CHR$(13);:PRINT LPOS(0);
60 LPRINT CHR$(8);CHR$(8);:PRINT LPOS(0);
70 LPRINT "abc";:PRINT LPOS(1);LPOS(2);LPOS(3)
80 LPRINT
