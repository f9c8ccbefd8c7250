1 ' mandel.bas - The Mandelbrot set in SCREEN 1, computed point by point (a key ends)
10 SCREEN 1: COLOR 0, 0: CLS: KEY OFF
20 FOR PY=0 TO 199: CI=(PY-100)/83
30 FOR PX=0 TO 319: CR=(PX-220)/100
40 X=0: Y=0: I=0
50 X2=X*X: Y2=Y*Y
60 IF X2+Y2>4 OR I>=30 THEN 80
70 Y=2*X*Y+CI: X=X2-Y2+CR: I=I+1: GOTO 50
80 IF I<30 THEN PSET (PX,PY), 1+I MOD 3
90 NEXT PX, PY
100 A$=INPUT$(1): SCREEN 0: WIDTH 80: KEY ON
