10 REM polling INKEY$ with no key pressed never returns a key
20 FOR I=1 TO 50:K$=INKEY$:IF K$<>"" THEN PRINT "KEY!"
30 NEXT:PRINT "NO KEYS"
