10 REM a string item that does not fit on the rest of the line starts a new line
20 PRINT STRING$(75,"A");"BBBBBBBBBB"
30 PRINT STRING$(75,"C");"DDDDD"
