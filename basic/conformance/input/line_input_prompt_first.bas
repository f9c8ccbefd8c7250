10 REM LINE INPUT shows its prompt before it looks at its variable: a numeric variable is a Type mismatch after the prompt, before a line is read
20 ON ERROR GOTO 200
30 LINE INPUT "P";A
40 LINE INPUT "Q: ";A$: PRINT "<";A$;">"
50 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
