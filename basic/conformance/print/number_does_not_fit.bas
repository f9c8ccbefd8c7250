10 REM a number (with its spaces) that does not fit starts a new line
20 PRINT STRING$(75,"A");12345678#
30 PRINT STRING$(76,"B");123
