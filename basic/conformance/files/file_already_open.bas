10 REM opening a file number that is already open is File already open
20 OPEN "O",1,"C1.DAT"
30 ON ERROR GOTO 100
40 OPEN "O",1,"C2.DAT"
50 CLOSE:KILL "C1.DAT":END
100 PRINT "ERR";ERR:RESUME NEXT
