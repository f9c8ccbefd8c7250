10 REM DATA items are kept as text, keywords included
20 READ A$,B$,C$
30 PRINT A$;"|";B$;"|";C$
40 DATA PRINT,GOTO 10, REM x
