10 REM Calling a user function makes its entry first: an undefined one's entry is made before Undefined user function, once string space is collected where it does not fit; where it still does not fit the call is Out of memory
20 ON ERROR GOTO 200
30 DIM S$(300): I%=0: B$="": X=0: F=0
40 F=FRE(0): X=FNA(1): PRINT F-FRE(0)
50 WHILE FRE(0)>260: B$=SPACE$(255): WEND
60 B$=SPACE$(FRE(0)-5): PRINT FRE(0)
70 X=FNLONGNAME(1): PRINT FRE(0)>1000
80 WHILE FRE(0)>260: S$(I%)=SPACE$(255): I%=I%+1: WEND
90 S$(I%)=SPACE$(FRE(0)-5): PRINT FRE(0)
100 X=FNOTHERNAME(1)
110 PRINT FRE(0)
120 S$(I%)="": S$(I%-1)="": X=FNOTHERNAME(1)
130 PRINT FRE(0)>200
140 END
200 PRINT "E";ERR;ERL: RESUME NEXT
