10 REM LET of an empty string copies it unless it is in the program text: a variable never given a string (its descriptor points at 0) and an empty result in string space are copied, and the copy of no bytes is where the next string would go (FRETOP + 1)
20 DEF FNA(X)=PEEK(X)+256*PEEK(X+1)
30 X$="abc"+"d"
40 A$=N$:PRINT LEN(A$);FNA(VARPTR(A$)+1)-FNA(VARPTR(X$)+1)
50 C$=LEFT$(X$,0):Y$=X$+"e":D$=C$
60 PRINT FNA(VARPTR(C$)+1)-FNA(VARPTR(X$)+1);FNA(VARPTR(D$)+1)-FNA(VARPTR(Y$)+1)
70 E$="":F$=E$:PRINT FNA(VARPTR(F$)+1)-FNA(VARPTR(E$)+1)
80 Z$="":Z$=Z$+"f":G$=Q$:PRINT FNA(VARPTR(G$)+1)-FNA(VARPTR(Z$)+1)
