10 REM two different FOR statements on the same variable coexist
20 FOR I=1 TO 3
30 FOR I=1 TO 2
40 PRINT I;
50 NEXT I
60 PRINT "/";
70 NEXT I
80 PRINT "END"
