10 REM NEXT finds (makes) its variable before it looks for the loop: NEXT X with no FOR makes X, a FOR whose NEXT names another variable makes it, and a FOR with no NEXT has made the variables its scan passed
20 ON ERROR GOTO 200
30 F=0
40 F=FRE(0): NEXT X
50 PRINT F-FRE(0)
60 F=FRE(0): FOR I=1 TO 2
70 NEXT J
80 PRINT F-FRE(0)
90 F=FRE(0): FOR Q=1 TO 2: FOR R=1 TO 2: NEXT R
100 PRINT F-FRE(0)
110 END
200 PRINT "E";ERR;ERL: IF ERL=90 THEN RESUME 100 ELSE RESUME NEXT
