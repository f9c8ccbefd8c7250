10 REM a string-valued function
20 DEF FNR$(A$)=A$+A$
30 PRINT FNR$("AB")
