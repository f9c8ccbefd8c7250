10 REM TRON shows every line each time it is entered
20 TRON
30 I=I+1
40 IF I<3 THEN 30
50 TROFF:PRINT "I=";I
