10 REM + concatenates strings
20 A$="AB":B$=A$+"CD"+A$
30 PRINT B$;LEN(B$)
