10 REM LINE: after the second point or the colour, anything but the end or a comma, and after B anything but F, a comma or the end, is a Syntax error before anything is drawn; the points are scanned (S GENGRP.ASM ATRENT, GLINE)
20 SCREEN 1: ON ERROR GOTO 200
30 LINE (10,10)-(20,20) X
40 PRINT POINT(10,10); POINT(15,15)
50 PSET STEP(1,1), 2: PRINT POINT(21,21)
60 LINE (30,30)-(40,40), 3;
70 PRINT POINT(30,30); POINT(35,35)
80 LINE (50,50)-(60,60), 3, B;
90 PRINT POINT(50,50); POINT(60,50)
100 LINE (70,70)-(80,80), 300;
110 LINE (70,70)-(80,80), 3, BX
120 PRINT POINT(70,70)
130 LINE (90,90)-(95,95), 1, B
140 PRINT POINT(90,90); POINT(92,92)
150 END
200 PRINT "error";ERR;"in";ERL: RESUME NEXT
