10 REM garbage collection moves the strings in use to the top of string space, keeping their order
20 DEF FNA(V)=PEEK(V+1)+256*PEEK(V+2)
30 A$="x"+"1": B$="y"+"22": C$="z"+"333"
40 T=FNA(VARPTR(A$)): PRINT 0; T-FNA(VARPTR(B$)); T-FNA(VARPTR(C$))
50 B$="w"+"4444"
60 PRINT T-FNA(VARPTR(A$)); T-FNA(VARPTR(B$)); T-FNA(VARPTR(C$))
70 X=FRE("")
80 PRINT T-FNA(VARPTR(A$)); T-FNA(VARPTR(B$)); T-FNA(VARPTR(C$))
90 PRINT B$; " "; C$
