10 REM OPEN's LEN= from 1 to the /S: size (128 without /S:), in every mode; above it Illegal function call
20 ON ERROR GOTO 200
30 OPEN "R", #1, "RL.DAT", 128: PRINT "128 ok": CLOSE 1
40 OPEN "R", #1, "RL.DAT", 129: PRINT "129 opened": CLOSE 1
50 OPEN "RL.DAT" FOR RANDOM AS #1 LEN = 256: PRINT "256 opened": CLOSE 1
60 OPEN "RL.DAT" AS #1 LEN = 1: PRINT "1 ok": CLOSE 1
70 OPEN "RL.DAT" AS #1 LEN = 0: PRINT "0 opened": CLOSE 1
80 OPEN "RL.DAT" FOR OUTPUT AS #1 LEN = 200: PRINT "output 200 opened": CLOSE 1
90 KILL "RL.DAT"
100 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
