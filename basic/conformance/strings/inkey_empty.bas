10 REM INKEY$ returns the empty string when no key is waiting
20 K$=INKEY$
30 PRINT LEN(K$)
