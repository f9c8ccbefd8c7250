10 REM CHAIN MERGE enters the file's lines as typed ones, in the file's order: a line number alone deletes that line of the program (S DSKCOM.ASM OKGETM, GWMAIN.ASM MAIN and EDENT)
20 OPEN "M.BAS" FOR OUTPUT AS 1: PRINT #1, "60": PRINT #1, "70 PRINT ";CHR$(34);"merged";CHR$(34): CLOSE 1
30 CHAIN MERGE "M", 40
40 PRINT "after"
50 KILL "M.BAS"
60 PRINT "deleted line"
80 END
