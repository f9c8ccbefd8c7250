10 REM INPUT# reads numbers and strings written by WRITE#
20 OPEN "O",1,"T5.DAT"
30 WRITE #1,"X,Y",12,-3.5
40 PRINT #1,"  PLAIN TEXT  ,7"
50 CLOSE 1
60 OPEN "I",1,"T5.DAT"
70 INPUT #1,A$,B,C:PRINT "[";A$;"]";B;C
80 INPUT #1,D$,E:PRINT "[";D$;"]";E
90 CLOSE 1:KILL "T5.DAT"
