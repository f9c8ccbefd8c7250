10 REM quoted DATA strings keep commas, colons and spaces
20 READ A$,B$,C$
30 PRINT "[";A$;"][";B$;"][";C$;"]"
40 DATA "A,B",  "  SP  ","X:Y"
