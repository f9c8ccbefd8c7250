10 REM a FOR outside a subroutine cannot be closed by a NEXT inside it
20 FOR I=1 TO 2
30 GOSUB 100
40 NEXT I
50 END
100 PRINT "SUB";I
110 NEXT I
120 RETURN
