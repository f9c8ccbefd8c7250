10 REM LOCK and UNLOCK: any overlap is Permission denied, this handle's own locks too; UNLOCK needs the exact range; a sequential file locks whole
20 ON ERROR GOTO 300
30 OPEN "L.DAT" FOR RANDOM AS 1
40 LOCK #1, 2 TO 4: PRINT "locked 2-4"
50 LOCK #1, 4
60 LOCK #1, 5: PRINT "locked 5"
70 UNLOCK #1, 2
80 UNLOCK #1, 2 TO 4: PRINT "unlocked 2-4"
90 LOCK 1: PRINT "locked all"
100 LOCK #1, 1 TO 3
110 UNLOCK #1, 5: UNLOCK #1: PRINT "unlocked"
120 LOCK #1,
130 OPEN "S.DAT" FOR OUTPUT AS 2: LOCK #2, 7: UNLOCK #2, 1 TO 2: PRINT "sequential"
140 CLOSE: KILL "L.DAT": KILL "S.DAT"
150 END
300 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
