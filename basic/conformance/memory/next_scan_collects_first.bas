10 REM A new variable that a FOR's scan for its NEXT meets is made once string space is collected; one that still does not fit is Out of memory at the NEXT's line, not made, the loop not begun
20 ON ERROR GOTO 200
30 DIM S$(300): I%=0: B$="": J=0
40 WHILE FRE(0)>260: B$=SPACE$(255): WEND
50 B$=SPACE$(FRE(0)-5): PRINT FRE(0)
60 FOR J=1 TO 0: FOR LONGNAME%=1 TO 2
70 NEXT LONGNAME%, J: PRINT FRE(0)>1000; J
80 WHILE FRE(0)>260: S$(I%)=SPACE$(255): I%=I%+1: WEND
90 S$(I%)=SPACE$(FRE(0)-5): PRINT FRE(0)
100 FOR J=3 TO 0
110 FOR OTHERNAME!=1 TO 2
120 NEXT OTHERNAME!, J
130 PRINT FRE(0); J
140 S$(I%)="": S$(I%-1)="": FOR J=5 TO 0
150 FOR OTHERNAME!=1 TO 2: NEXT OTHERNAME!, J: PRINT FRE(0)>200; J
160 END
200 PRINT "E";ERR;ERL;FRE(0): RESUME NEXT
