10 REM RUN and LOAD: text after the file name other than ,R is a Syntax error raised once the file is open, before anything is loaded
20 ON ERROR GOTO 200
30 OPEN "T2.BAS" FOR OUTPUT AS 1: PRINT #1, "10 PRINT ""T2 RAN""": CLOSE 1
40 RUN "T2",1
50 PRINT "after RUN ,1"
60 LOAD "T2",1
70 PRINT "after LOAD ,1"
80 RUN "T2",R X
90 PRINT "after RUN ,R X"
100 LOAD "T2",
110 PRINT "after LOAD ,"
120 KILL "T2.BAS"
130 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
