10 REM a loop whose FOR ends its line: each pass of NEXT enters the next line (traced), nested, with an error trapped in the body, left by GOTO; a FOR ending the last line has no NEXT
20 TRON
30 FOR I=1 TO 2
40 PRINT "I=";I
50 NEXT I
60 FOR J=1 TO 2: FOR K=1 TO 2
70 PRINT J;K;: NEXT K: PRINT
80 NEXT J
90 TROFF: PRINT
100 ON ERROR GOTO 200
110 FOR M=1 TO 3
120 IF M=2 THEN ERROR 250
130 NEXT M
140 PRINT "M after loop";M
150 GOTO 300
200 PRINT "error";ERR;"in";ERL;"M=";M: RESUME NEXT
300 TRON: FOR L=1 TO 2
310 PRINT L;: NEXT
320 TROFF: PRINT: S=0
330 FOR Q=1 TO 3
340 S=S+Q: IF Q=2 THEN GOTO 360
350 NEXT Q
360 PRINT "S=";S;"Q=";Q
370 FOR Z=1 TO 2
