10 REM CLS in a graphics mode: CLS 1 clears the graphics viewport only, CLS 2 the text window, CLS the page (and centres the cursor)
20 SCREEN 1: KEY OFF: CLS
30 LINE (0,100)-(319,199),2,BF: VIEW SCREEN (100,150)-(199,189)
40 CLS 1: A=POINT(150,170): VIEW: B=POINT(50,120)
50 LINE (0,100)-(319,199),2,BF
60 CLS 2: C=POINT(50,120): D=POINT(50,196)
70 PSET (10,10),1: CLS: E=POINT(0): F=POINT(1): G=POINT(50,196)
80 PRINT A; B; C; D; E; F; G
