10 REM an &H literal with a fifth digit is a hard Overflow when its line is crunched: LOAD stops at that line and nothing is run
20 OPEN "T.BAS" FOR OUTPUT AS 1
30 PRINT #1, "10 PRINT 1": PRINT #1, "20 PRINT &H10000": PRINT #1, "30 PRINT 3"
40 CLOSE 1
50 LOAD "T.BAS"
