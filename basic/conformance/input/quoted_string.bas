10 REM a quoted reply may contain commas
20 INPUT A$,B$
30 PRINT "[";A$;"][";B$;"]"
