10 REM INPUT asks again when text follows a quoted item's closing quote; blanks may
20 INPUT A$:PRINT "[";A$;"]"
30 INPUT B$,C$:PRINT "[";B$;"][";C$;"]"
40 INPUT F$,G:PRINT "[";F$;"]";G
50 INPUT H$:PRINT "[";H$;"]"
