10 REM re-entering the same FOR 200 times discards the old entry each time
20 C=C+1
30 FOR I=1 TO 5
40 IF C<200 THEN GOTO 20
50 NEXT I
60 PRINT C;I
