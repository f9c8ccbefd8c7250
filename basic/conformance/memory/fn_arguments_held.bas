10 REM a user function's arguments are held until all are bound: an error in a later one leaves the new strings of those before it as garbage
20 ON ERROR GOTO 200
30 A$="AB": B$="CD": Z$="": F=0: DIM R(3)
40 DEF FNF$(X$,Y)=X$
50 DEF FNG$(X$,Y$,Z)=X$+Y$
60 Z$=FNF$("",1): Z$=FNG$("","",1): R(0)=FRE("")
70 F=FRE(0): Z$=FNF$(A$+B$,LOG(0)): PRINT "first"; F-FRE(0)
80 R(0)=FRE(""): F=FRE(0): Z$=FNG$(A$+B$,B$+A$+A$,LOG(0)): PRINT "two"; F-FRE(0)
90 R(0)=FRE(""): F=FRE(0): Z$=FNG$(A$+B$,B$+A$,"X"): PRINT "mismatch"; F-FRE(0)
100 R(0)=FRE(""): F=FRE(0): Z$=FNF$(A$+B$,1,2): PRINT "count"; F-FRE(0)
110 R(0)=FRE(""): F=FRE(0): Z$=FNG$(A$,B$,LOG(0)): PRINT "vars"; F-FRE(0)
120 PRINT FRE("")-F
130 END
200 PRINT "error"; ERR; ERL: RESUME NEXT
