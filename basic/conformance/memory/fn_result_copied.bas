10 REM a user function whose value is a variable's string returns a copy of it, a new string
20 A$="HELLO":B$="":F=0:DEF FNA$=A$:DEF FNB$(X$)=X$:DEF FNC$="LIT"
30 F=FRE(0):B$=LEFT$(FNA$,1):PRINT F-FRE(0)
40 F=FRE(0):B$=LEFT$(FNB$(A$),2):PRINT F-FRE(0)
50 F=FRE(0):B$=LEFT$(FNC$,2):PRINT F-FRE(0)
60 F=FRE(0):PRINT FNA$;:PRINT F-FRE(0)
70 F=FRE(0):B$=FNA$+"!":PRINT F-FRE(0)
80 F=FRE(0):B$=FNA$:PRINT F-FRE(0)
