10 REM INPUT# of an &H or &O item: too large is a hard Overflow, an octal digit 8 or 9 a Syntax error (OCTCNS with FLGSCN clear); 1E39 the soft Overflow, trapped
20 OPEN "O",1,"T.DAT":PRINT #1,"&H12345,&O19,&HFF,1E39,&O200000,&o17,5":CLOSE
30 ON ERROR GOTO 100
40 OPEN "I",1,"T.DAT"
50 FOR I=1 TO 7:INPUT #1,X:PRINT X:NEXT
60 CLOSE:KILL "T.DAT":END
100 PRINT "error";ERR;ERL:RESUME NEXT
