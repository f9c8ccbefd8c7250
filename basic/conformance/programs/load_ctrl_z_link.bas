10 REM A tokenised file with Ctrl-Z where its end link belongs: GW reads the Ctrl-Z as a link, so an empty line 0 follows
20 OPEN "ZLINK.BAS" FOR OUTPUT AS 1
30 PRINT #1, CHR$(255);CHR$(1);CHR$(1);CHR$(10);CHR$(0);CHR$(&H91);CHR$(34);"hi";CHR$(34);":";
40 PRINT #1, CHR$(&HFE);CHR$(&H87);CHR$(34);"ZLINK.BAS";CHR$(34);":";CHR$(&H93);CHR$(0);
50 CLOSE 1
60 CHAIN "ZLINK.BAS"
