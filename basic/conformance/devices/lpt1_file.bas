10 REM a file on LPT1: has its own width and column; each byte sets the device column
20 OPEN "LPT1:" FOR OUTPUT AS 1
30 WIDTH #1, 6
40 FOR I=1 TO 8:PRINT #1,"z";:PRINT LPOS(0);:NEXT:PRINT
50 PRINT #1,:WIDTH #1, 80:WIDTH LPRINT 3
60 FOR I=1 TO 5:PRINT #1,"w";:PRINT LPOS(0);:NEXT:PRINT
70 CLOSE 1
