10 REM an empty reply leaves 0 and the empty string
20 INPUT A
30 INPUT B$
40 PRINT A;"[";B$;"]"
