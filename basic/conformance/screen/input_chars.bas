10 REM INPUT$(n) from the keyboard: n keys, no echo, no Enter needed; its operand's range
20 ON ERROR GOTO 200
30 A$ = INPUT$(3)
40 PRINT "["; A$; "]"
50 B$ = INPUT$(0)
60 B$ = INPUT$(256)
70 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
