10 REM APPEND writes at the first Ctrl-Z of the file's last 128-byte record; a name that begins with a dot or has a second dot is Bad file name
20 ON ERROR GOTO 100
30 OPEN "O",1,"K2.DAT":PRINT #1,"x";CHR$(26);"y":CLOSE 1
40 OPEN "A",1,"K2.DAT":PRINT #1,"z":CLOSE 1
50 OPEN "I",1,"K2.DAT":W$=INPUT$(3,#1):FOR J=1 TO 3:PRINT ASC(MID$(W$,J,1));:NEXT:PRINT:CLOSE 1
60 OPEN "O",1,".DAT"
70 OPEN "O",1,"A.B.C"
80 KILL "K2.DAT":END
100 PRINT "Error";ERR;"in";ERL:RESUME NEXT
