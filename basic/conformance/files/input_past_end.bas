10 REM reading after the end of a file is Input past end
20 OPEN "O",1,"T7.DAT":PRINT #1,"ONLY":CLOSE 1
30 OPEN "I",1,"T7.DAT"
40 LINE INPUT #1,A$:PRINT A$
50 LINE INPUT #1,A$
