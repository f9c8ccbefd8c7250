10 REM NAME and KILL find files only: a directory's name is File not found
20 ON ERROR GOTO 200
30 MKDIR "SUBD"
40 OPEN "O", 1, "B.TXT": CLOSE 1
50 NAME "SUBD" AS "B.TXT"
60 NAME "SUBD" AS "C.TXT"
70 KILL "SUBD"
80 CHDIR "SUBD": PRINT "still a directory": CHDIR ".."
90 RMDIR "SUBD": KILL "B.TXT"
100 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
