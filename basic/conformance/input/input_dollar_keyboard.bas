10 REM INPUT$(n) reads n characters from the keyboard without echo
20 A$=INPUT$(3)
30 PRINT "[";A$;"]"
40 LINE INPUT B$:PRINT "[";B$;"]"
