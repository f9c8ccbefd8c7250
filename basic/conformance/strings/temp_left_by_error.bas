10 REM a concatenation made before an error is not freed: its bytes stay in string space, garbage, until a collection
20 ON ERROR GOTO 200
30 A$="ab": C%=0: D$="": B$=A$+"c"
40 C%=A$+"d"
50 D$=A$+"e"
60 B=PEEK(VARPTR(B$)+1)+256*PEEK(VARPTR(B$)+2)
70 D=PEEK(VARPTR(D$)+1)+256*PEEK(VARPTR(D$)+2)
80 PRINT "B$ - D$:"; B-D
90 X=FRE("")
100 D=PEEK(VARPTR(D$)+1)+256*PEEK(VARPTR(D$)+2)
110 PRINT "after the collection:"; B-D
120 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
