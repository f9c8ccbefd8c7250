10 REM PRINT# with commas pads to 14-column zones in the file
20 OPEN "O",1,"Z1.DAT"
30 PRINT #1,"X",1,"Y"
40 CLOSE 1
50 OPEN "I",1,"Z1.DAT":LINE INPUT #1,L$:CLOSE 1
60 PRINT "[";L$;"]";LEN(L$)
70 KILL "Z1.DAT"
