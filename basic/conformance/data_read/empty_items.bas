10 REM empty DATA items read as 0 or the empty string
20 READ A,B$,C
30 PRINT A;"[";B$;"]";C
40 DATA ,,3
