10 REM CHAIN opens the file before it scans what follows the name: File not found comes first, then the line's errors, then a bad separator, before anything is loaded
20 ON ERROR GOTO 200
30 OPEN "C2.BAS" FOR OUTPUT AS 1: PRINT #1, "10 PRINT ""C2 RAN""": CLOSE 1
40 CHAIN "NOFILE";1
50 CHAIN "NOFILE",1E10
60 CHAIN "C2";1
70 CHAIN "C2",1E10
80 CHAIN MERGE "C2",40;DELETE 30
90 CHAIN "C2",,
100 CHAIN "C2",,ALL,
110 CHAIN "C2",
120 KILL "C2.BAS"
130 PRINT "done"
140 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
