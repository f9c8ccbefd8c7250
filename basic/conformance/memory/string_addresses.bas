10 REM where a string's descriptor points: READ into the DATA text, an empty literal into the program, an empty result where the next string would go
20 DATA hello, "q z",,""
30 READ A$,B$,C$,D$
40 E$="":F$=E$:G$=LEFT$("abc",0):H$=STRING$(0,65)
50 DIM L$(2):L$(1)="":IF A$="hello" THEN L$(2)="" ELSE L$(2)="no"
60 DEF FNA(X)=PEEK(X)+256*PEEK(X+1)
70 T=FNA(&H30)
80 PRINT FNA(VARPTR(A$)+1)-T;FNA(VARPTR(B$)+1)-T;FNA(VARPTR(C$)+1)-T;FNA(VARPTR(D$)+1)-T
90 PRINT FNA(VARPTR(E$)+1)-T;FNA(VARPTR(F$)+1)-T;FNA(VARPTR(L$(1))+1)-T;FNA(VARPTR(L$(2))+1)-T
100 K$="x"+"y":PRINT FNA(VARPTR(G$)+1)-FNA(VARPTR(K$)+1);FNA(VARPTR(H$)+1)-FNA(VARPTR(K$)+1)
110 PRINT LEN(C$);LEN(D$);LEN(E$);LEN(G$)
