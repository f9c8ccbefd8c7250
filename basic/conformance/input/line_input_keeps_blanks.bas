10 REM a typed reply keeps its trailing blanks: LINE INPUT has them, INPUT's unquoted item loses them (S SCNEDT.ASM INLRET strips only PINLIN's lines; BISTRS.ASM STRLT2)
20 LINE INPUT L$
30 PRINT LEN(L$);"[";L$;"]"
40 INPUT A$,B$
50 PRINT "[";A$;"][";B$;"]"
60 LINE INPUT "? ";M$
70 PRINT LEN(M$);"[";M$;"]"
