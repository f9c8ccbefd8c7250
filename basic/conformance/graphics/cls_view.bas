10 REM CLS in a graphics mode with a VIEW set: CLS and CLS 1 clear the viewport only and leave the text cursor; CLS 1 centres the graphics cursor and resets DRAW's scale
20 SCREEN 1: KEY OFF: CLS
30 LINE (0,0)-(319,199),3,BF: VIEW (50,50)-(100,100),1,2
40 LOCATE 10,5: PRINT "x";: CLS: A=POS(0): B=CSRLIN: C=POINT(0): D=POINT(1)
50 E=POINT(10,10): F=POINT(60,60): VIEW: G=POINT(49,49): H=POINT(0,0)
60 VIEW SCREEN (50,50)-(100,100): LOCATE 12,3: PRINT "y";: PSET (60,60),2: CLS 1
70 I=POS(0): J=CSRLIN: K=POINT(60,60): L=POINT(0): VIEW
80 PSET (300,190): DRAW "S8": CLS 1: M=POINT(0): N=POINT(1): PSET (100,100): DRAW "U10": O=POINT(1)
90 LOCATE 1,1: PRINT A; B; C; D; E; F; G; H: PRINT I; J; K; L; M; N; O
