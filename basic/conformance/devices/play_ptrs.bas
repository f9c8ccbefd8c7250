10 REM PLAY "X" and "=" with a VARPTR$ string: the variable at that address, read as the string's type byte says
20 ON ERROR GOTO 100
30 A$="MBL64C":PLAY "X"+VARPTR$(A$):PRINT "ok 30"
40 DIM Y$(2):Y$(1)="MBC":P$=VARPTR$(Y$(1)):PLAY "X"+P$:PRINT "ok 40"
50 N=40:PLAY "MBN="+VARPTR$(N):PRINT "ok 50"
60 N=85:PLAY "MBN="+VARPTR$(N):PRINT "ok 60"
70 PLAY "X"+CHR$(3)+CHR$(4):PRINT "ok 70"
80 END
100 PRINT "error";ERR;"in";ERL:RESUME NEXT
