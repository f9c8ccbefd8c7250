10 REM IOCTL reads its file number as every file statement does: a byte, else Illegal function call; 0 or a closed file Bad file number
20 ON ERROR GOTO 200
30 OPEN "I.DAT" FOR OUTPUT AS 1
40 IOCTL #256,"x"
50 IOCTL #-1,"x"
60 IOCTL #0,"x"
70 IOCTL #3,"x"
80 IOCTL #1.4,"x"
90 IOCTL 65536,"x"
100 IOCTL #256
105 IOCTL #3
110 CLOSE:KILL "I.DAT":PRINT "END":END
200 PRINT "ERR";ERR;"ERL";ERL
210 RESUME NEXT
