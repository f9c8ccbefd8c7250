10 REM STRING$ repeats a character given by code or by string
20 PRINT STRING$(3,"*");STRING$(2,65);STRING$(2,"XY");LEN(STRING$(0,"A"))
