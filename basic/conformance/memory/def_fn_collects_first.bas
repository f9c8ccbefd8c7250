10 REM DEF FN makes the function's entry as it finds the name: one that does not fit below FRETOP is made once string space is collected, and one that still does not fit is Out of memory, the function not defined
20 ON ERROR GOTO 200
30 DIM S$(300): I%=0: X=0
40 WHILE FRE(0)>260: S$(I%)=SPACE$(255): I%=I%+1: WEND
50 S$(I%)=SPACE$(FRE(0)-5): PRINT FRE(0)
60 DEF FNLONGNAME(X)=X*2
70 PRINT FRE(0)
80 S$(I%)="": DEF FNLONGNAME(X)=X*2: PRINT FRE(0); FNLONGNAME(3)
90 END
200 PRINT "E";ERR;ERL;FRE(0): RESUME NEXT
