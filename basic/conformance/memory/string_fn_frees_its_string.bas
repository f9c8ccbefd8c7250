10 REM STRING$ of a string frees the string before it makes its own: a concatenation's temporary comes back
20 A$="AB": B$="CD": X=0: C$="": F=0
30 F=FRE(0): X=LEN(STRING$(2,A$+B$))
40 PRINT "STRING$ read"; F-FRE(0)
50 F=FRE(0): C$=STRING$(3,A$+B$)
60 PRINT "STRING$ kept"; F-FRE(0)
