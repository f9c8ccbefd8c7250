10 REM the first RND values, as GW prints them (not correctly rounded)
20 FOR I = 1 TO 10: PRINT RND;: NEXT: PRINT
