10 REM a full environment table (32768 bytes, DOS's largest block: each entry and a NUL, a final NUL) is Out of memory and keeps its entries
20 ON ERROR GOTO 200
30 ENVIRON "COMSPEC=": ENVIRON "PATH=": ENVIRON "PROMPT="
40 PRINT "empty: ["; ENVIRON$(1); "]"
50 A$ = STRING$(240, "V")
60 FOR I = 1 TO 200
70 ENVIRON "GW" + MID$(STR$(I), 2) + "=" + A$
80 NEXT
90 PRINT "not full"
100 END
200 PRINT "error"; ERR; "at entry"; I
210 PRINT LEN(ENVIRON$(I - 1)); LEN(ENVIRON$(I)); LEN(ENVIRON$("GW1"))
220 ENVIRON "GW1=" + A$
230 PRINT LEFT$(ENVIRON$(I - 1), 4); LEN(ENVIRON$(1))
240 END
