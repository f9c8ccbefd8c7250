10 REM the first ten RND values after start are always the same
20 FOR I=1 TO 10:PRINT RND:NEXT
