10 REM LEFT$, RIGHT$ and MID$ of a concatenation: the piece is given its space below the temporary before the temporary is freed, so the temporary stays as garbage; an empty piece takes no space and the temporary comes back
20 A$="AB": B$="CD": X=0: C$="": F=0
30 F=FRE(0): X=ASC(MID$(A$+B$,2))
40 PRINT "MID$ read"; F-FRE(0)
50 F=FRE(0): X=LEN(LEFT$(A$+B$,2))
60 PRINT "LEFT$ read"; F-FRE(0)
70 F=FRE(0): C$=LEFT$(A$+B$,2)
80 PRINT "LEFT$ kept"; F-FRE(0)
90 F=FRE(0): PRINT RIGHT$(A$+B$,2)
100 PRINT "RIGHT$ printed"; F-FRE(0)
110 F=FRE(0): X=LEN(MID$(A$+B$,9))
120 PRINT "empty MID$"; F-FRE(0)
130 F=FRE(0): X=LEN(LEFT$(A$+B$,0))
140 PRINT "empty LEFT$"; F-FRE(0)
150 F=FRE(0): C$=RIGHT$(A$+B$,1)+"X"
160 PRINT "RIGHT$ joined"; F-FRE(0)
