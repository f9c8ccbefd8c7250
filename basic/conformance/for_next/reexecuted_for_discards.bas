10 REM jumping back to the same FOR restarts it cleanly
20 FOR I=1 TO 3
30 PRINT I;
40 IF I=2 AND C<2 THEN C=C+1:GOTO 20
50 NEXT
60 PRINT:PRINT "C=";C
