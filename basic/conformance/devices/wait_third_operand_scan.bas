10 REM WAIT: after the AND mask anything but the end or a comma is a Syntax error, before the port is read (S GWEVAL.ASM FNWAIT: CHRGTR, SYNCHR ',', GETBYT before LOPINP)
20 ON ERROR GOTO 100
30 WAIT 0, 255; 255
40 WAIT 0, 1 X
50 WAIT &H3DA, 255, 0 Y
60 PRINT "done": END
100 PRINT "error";ERR;"in";ERL: RESUME NEXT
