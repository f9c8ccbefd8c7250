10 REM LPOS after a line feed: the column stays (only printable characters, CR and backspace move it), so a comma after LPRINT CHR$(10) past the last zone starts a new line
20 LPRINT "abc";: PRINT LPOS(0);
30 LPRINT CHR$(10);: PRINT LPOS(0);
40 LPRINT CHR$(7);CHR$(9);: PRINT LPOS(0);
50 LPRINT CHR$(8);: PRINT LPOS(0);
60 LPRINT CHR$(13);: PRINT LPOS(0)
70 LPRINT STRING$(60,"x");CHR$(10),: PRINT LPOS(0)
80 LPRINT "y";CHR$(10),"z";: PRINT LPOS(0)
