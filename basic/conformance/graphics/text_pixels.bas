10 REM Text in a graphics mode: a written blank erases the drawing under its cell only; scrolling moves the pixels with the text
20 SCREEN 1: KEY OFF: CLS
30 LINE (0,0)-(15,7),2,BF
40 LOCATE 1,1: PRINT " ";
50 A=POINT(3,3): B=POINT(12,3)
60 PSET (5,188),3
70 LOCATE 24,1: PRINT
80 C=POINT(5,180): D=POINT(5,188)
90 LOCATE 5,1: PRINT A; B; C; D
