10 REM a user function's argument that fails leaves its garbage below the new strings of the arguments before it (S GWEVAL.ASM FNDOER: FRMEVL of each argument in turn)
20 DEF FNF$(A$,B$)=A$+B$
30 DIM X(10): ON ERROR GOTO 100
40 S$="Z"+"Z": P=VARPTR(S$): A=PEEK(P+1)+256*PEEK(P+2)
50 T$=FNF$(STR$(12),LEFT$(STR$(3),X(20)))
60 END
100 PRINT "error";ERR;"in";ERL
110 FOR I=A-5 TO A-1: PRINT PEEK(I);: NEXT: PRINT
120 END
