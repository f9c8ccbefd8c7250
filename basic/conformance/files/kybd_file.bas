10 REM KYBD: as a file: INPUT# reads the keys typed without echo, a quote opens a quoted item, EOF puts a key back
20 OPEN "KYBD:" FOR INPUT AS 1
30 INPUT #1, A$, B$
40 PRINT "["; A$; "]["; B$; "]"
50 C$ = INPUT$(3, #1): PRINT "["; C$; "]"
60 PRINT EOF(1)
70 LINE INPUT #1, D$: PRINT "["; D$; "]"
80 N$ = INPUT$(4, #1): PRINT VAL(N$) * 2
90 CLOSE 1: ON ERROR GOTO 200
100 OPEN "KYBD:" FOR OUTPUT AS 1
110 OPEN "KYBD:" FOR RANDOM AS 2: LINE INPUT #2, E$: PRINT "["; E$; "]"
120 END
200 PRINT "error"; ERR; ERL: RESUME NEXT
