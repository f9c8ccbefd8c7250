10 REM MKDIR, CHDIR, RMDIR, NAME and KILL with GW's errors; names are upper-cased
20 ON ERROR GOTO 300
30 MKDIR "sub": MKDIR "SUB"
40 CHDIR "nowhere"
50 CHDIR "sub": OPEN "in.txt" FOR OUTPUT AS 1: PRINT #1, "x": CLOSE
60 NAME "in.txt" AS "out.txt": NAME "missing" AS "x": NAME "out.txt" AS "Q:out.txt"
70 OPEN "OUT.TXT" FOR INPUT AS 1: LINE INPUT #1, A$: PRINT A$: CLOSE: OPEN "\SUB\IN.TXT" FOR INPUT AS 1
80 CHDIR "..": RMDIR "sub"
90 KILL "sub\out.txt": RMDIR "sub": RMDIR "sub"
100 KILL "nothing.*"
110 CHDIR "": MKDIR 0
120 END
300 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
