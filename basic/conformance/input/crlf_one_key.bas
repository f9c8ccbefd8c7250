10 REM a CR LF line end in redirected input is one Enter key (CR): INPUT$ and INKEY$ never see its LF
20 FOR I=1 TO 4: A$=INPUT$(1): PRINT ASC(A$);: NEXT: PRINT
30 INPUT "X";X$: PRINT "[";X$;"]"
40 A$=INKEY$: B$=INKEY$: PRINT ASC(A$);ASC(B$)
50 LINE INPUT L$: PRINT "[";L$;"]"
60 C$=INPUT$(2): PRINT ASC(C$);ASC(MID$(C$,2))
