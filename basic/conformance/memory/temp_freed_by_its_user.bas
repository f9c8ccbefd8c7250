10 REM a temporary the statement's function or PRINT has used is freed there: an error later in the same statement leaves no garbage
20 ON ERROR GOTO 900
30 A$="AB": B$="CD": X=0: Y=0: C$="": F=0: F=FRE(0)
40 X=LEN(A$+B$)+"X"
50 PRINT "LEN"; F-FRE(0)
60 F=FRE(0): X=ASC(B$+A$)+"X"
70 PRINT "ASC"; F-FRE(0)
80 F=FRE(0): X=VAL(A$+B$)+"X"
90 PRINT "VAL"; F-FRE(0)
100 F=FRE(0): X=INSTR(A$+B$+A$,"CA")+"X"
110 PRINT "INSTR"; F-FRE(0)
120 F=FRE(0): PRINT A$+B$; 1+"X"
130 PRINT "PRINT"; F-FRE(0)
140 F=FRE(0): X=CVI(A$+B$)+"X"
150 PRINT "CVI"; F-FRE(0)
160 F=FRE(0): X=CVS(A$+"X")
170 PRINT "CVS too short"; F-FRE(0)
180 F=FRE(0): WRITE A$+B$, 1+"X"
190 PRINT "WRITE"; F-FRE(0)
200 F=FRE(0): X=LEN(A$+B$): Y=X+"X"
210 PRINT "LEN, next statement"; F-FRE(0)
220 F=FRE(0): DATE$=A$+B$
230 PRINT "DATE$ refused"; F-FRE(0)
240 F=FRE(0): TIME$=A$+B$
250 PRINT "TIME$ refused"; F-FRE(0)
260 F=FRE(0): PLAY A$+"Z"
270 PRINT "PLAY refused"; F-FRE(0)
280 F=FRE(0): C$=STRING$(0,A$+B$)+1
290 PRINT "STRING$"; F-FRE(0)
300 END
900 PRINT "error"; ERR; ERL: RESUME NEXT
