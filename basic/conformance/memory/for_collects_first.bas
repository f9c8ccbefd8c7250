10 REM FOR's variable, new and not fitting below FRETOP, is made once string space is collected; one that still does not fit is Out of memory and not made, the loop not begun
20 ON ERROR GOTO 200
30 DIM S$(300): I%=0: B$=""
40 WHILE FRE(0)>260: B$=SPACE$(255): WEND
50 B$=SPACE$(FRE(0)-5): PRINT FRE(0)
60 FOR LONGNAME%=1 TO 2: NEXT: PRINT FRE(0); LONGNAME%
70 WHILE FRE(0)>260: S$(I%)=SPACE$(255): I%=I%+1: WEND
80 S$(I%)=SPACE$(FRE(0)-5): PRINT FRE(0)
90 FOR OTHERNAME!=1 TO 2: NEXT
100 PRINT FRE(0); OTHERNAME!
110 S$(I%)="": FOR OTHERNAME!=1 TO 2: NEXT: PRINT FRE(0); OTHERNAME!
120 END
200 PRINT "E";ERR;ERL;FRE(0): RESUME NEXT
