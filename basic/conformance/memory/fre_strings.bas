10 REM FRE(0) is FRETOP-STREND: a literal stays in the program text, a new string takes string space, A$=B$ copies, garbage stays until FRE("")
20 F=FRE(0): A$="literal": PRINT F-FRE(0)
30 F=FRE(0): B$=A$+"!": PRINT F-FRE(0)
40 F=FRE(0): C$=B$: PRINT F-FRE(0)
50 F=FRE(0): C$=A$: PRINT F-FRE(0)
60 F=FRE(0): B$=STRING$(10,"x"): PRINT F-FRE(0)
70 F=FRE(0): X=FRE(""): PRINT FRE(0)-F
80 F=FRE(0): PRINT LEN(B$+B$): PRINT F-FRE(0)
90 F=FRE(0): PRINT LEN(B$+"a"+"b"+"c"): PRINT F-FRE(0)
