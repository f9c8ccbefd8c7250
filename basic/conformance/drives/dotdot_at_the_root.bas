10 REM .. above a drive's root is Path not found (MS-DOS refuses to back up past the root)
20 ON ERROR GOTO 100
30 OPEN "..\X.TXT" FOR INPUT AS 1
40 CHDIR ".."
50 OPEN "B:\..\X.TXT" FOR OUTPUT AS 1
60 MKDIR "D": CHDIR "D": CHDIR "..\..": CHDIR "\": RMDIR "D"
70 OPEN "\D\..\..\X.TXT" FOR OUTPUT AS 1
80 END
100 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
