10 REM CLS in a graphics mode under VIEW PRINT and without VIEW clears the text window's rows only (as in SCREEN 0), homes the cursor in it and centres the graphics cursor
20 SCREEN 1: KEY OFF: LINE (0,0)-(319,199),3,BF: VIEW PRINT 5 TO 10
30 LOCATE 7,3: PRINT "x";: PSET (1,1),1: CLS
40 A=POS(0): B=CSRLIN: C=POINT(0): D=POINT(1): E=POINT(5,5): F=POINT(5,50): G=POINT(5,90)
50 VIEW PRINT: PRINT A; B; C; D; E; F; G
