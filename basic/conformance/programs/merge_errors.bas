10 REM MERGE of a tokenised file: Bad file mode, trapped at the MERGE; an error in the lines it reads: untrapped, no line, read in direct mode (S DSKCOM.ASM MERGE OKGET2, GWMAIN.ASM MAIN)
20 ON ERROR GOTO 100
30 OPEN "TOK.BAS" FOR OUTPUT AS 1: PRINT #1, CHR$(255);CHR$(0);CHR$(0);: CLOSE 1
40 MERGE "TOK.BAS"
50 KILL "TOK.BAS"
60 OPEN "DIR.BAS" FOR OUTPUT AS 1: PRINT #1, "5 REM X": PRINT #1, "PRINT 1": CLOSE 1
70 MERGE "DIR.BAS"
80 PRINT "not reached"
100 PRINT "error";ERR;"in";ERL: RESUME NEXT
