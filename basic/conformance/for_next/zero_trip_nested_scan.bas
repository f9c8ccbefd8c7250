10 REM a zero-trip loop skips to its own NEXT, past nested loops
20 FOR I=1 TO 0
30 FOR J=1 TO 2:PRINT "INNER":NEXT J
40 NEXT I
50 PRINT "DONE"
