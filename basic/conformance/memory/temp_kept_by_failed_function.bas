10 REM a temporary whose function fails before freeing it, or that nothing used, stays below FRETOP as garbage after the error
20 ON ERROR GOTO 200
30 A$="AB": B$="CD": C$="": F=0: X=0: F=FRE(0)
40 C$=MID$(A$+B$,0)
50 PRINT "MID$"; F-FRE(0)
60 F=FRE(0): C$=LEFT$(A$+B$,-1)
70 PRINT "LEFT$"; F-FRE(0)
80 F=FRE(0): X=INSTR(A$+B$,1)
90 PRINT "INSTR"; F-FRE(0)
92 F=FRE(0): X=1+(A$+B$)
94 PRINT "unused"; F-FRE(0)
100 END
200 PRINT "error"; ERR; ERL: RESUME NEXT
