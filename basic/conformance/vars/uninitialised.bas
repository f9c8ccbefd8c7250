10 REM variables that were never assigned read as 0 and ""
20 PRINT X;Y%;Z#;"[";S$;"]"
