10 REM LEN counts characters, including spaces
20 PRINT LEN("");LEN("ABC");LEN(" A ");LEN(STRING$(255,"X"))
