10 REM LINE INPUT reads the whole line, commas and quotes included, no "?"
20 LINE INPUT "TEXT: ";L$
30 PRINT "[";L$;"]"
