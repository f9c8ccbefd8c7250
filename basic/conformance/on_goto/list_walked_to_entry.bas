10 REM ON n GOTO checks n first, walks its list only up to entry n, and falls through for 0 or past the list
20 ON ERROR GOTO 500
30 FOR I = -1 TO 4
40 PRINT "n ="; I;
50 ON I GOTO 100, , 300 JUNK
60 PRINT "fell through"
70 NEXT
80 ON 1 THEN 100
90 END
100 PRINT "at 100": GOTO 70
300 PRINT "at 300": GOTO 70
500 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
