10 REM a string longer than 255 characters is String too long
20 A$=STRING$(200,"A")
30 B$=A$+STRING$(55,"B"):PRINT LEN(B$)
40 B$=B$+"C"
