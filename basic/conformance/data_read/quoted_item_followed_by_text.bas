10 REM a quoted DATA item followed by other text is a Syntax error reported at the DATA line
20 ON ERROR GOTO 200
30 READ A$, B$: PRINT A$; "|"; B$
40 READ C$: PRINT C$
50 END
60 DATA "one" , two
70 DATA "three" four
200 PRINT "error"; ERR; "in"; ERL: END
