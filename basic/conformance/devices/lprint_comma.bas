10 REM LPRINT commas: 14-column zones on the device column, a new line past the last zone
20 FOR I=1 TO 6:LPRINT ,"x";:PRINT LPOS(0);:NEXT:PRINT:LPRINT
30 WIDTH LPRINT 20
40 LPRINT ,"x";:PRINT LPOS(0);:LPRINT ,"x";:PRINT LPOS(0)
50 WIDTH LPRINT 8
60 LPRINT ,"x";:PRINT LPOS(0)
