10 REM a false IF and a reached ELSE skip the rest of the line: the next line is entered (traced), also nested, after a THEN with statements, and at the program's last line
20 TRON
30 X=1: IF X=2 THEN PRINT "no": PRINT "no"
40 IF X=1 THEN PRINT "yes" ELSE PRINT "no": PRINT "no"
50 IF X=1 THEN IF X=3 THEN PRINT "no" ELSE PRINT "inner else" ELSE PRINT "no"
60 FOR I=1 TO 3: IF I=2 THEN PRINT "two";
70 NEXT I
80 PRINT: IF X THEN GOSUB 200 ELSE 90
90 PRINT "ninety"
100 TROFF: ON ERROR GOTO 300: IF X=1 THEN ERROR 5: PRINT "resumed"
110 PRINT "after resume": TRON
120 IF X=0 THEN PRINT "no"
130 GOTO 400
200 PRINT "sub";: IF X=1 THEN RETURN
300 PRINT "trap";ERR: RESUME NEXT
400 PRINT "last": IF X=0 THEN PRINT "no"
