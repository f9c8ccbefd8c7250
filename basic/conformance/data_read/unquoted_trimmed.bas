10 REM unquoted DATA strings lose leading and trailing spaces
20 READ A$,B$
30 PRINT "[";A$;"][";B$;"]"
40 DATA   HELLO WORLD  ,  X
