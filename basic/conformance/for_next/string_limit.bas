10 REM a string limit for a numeric variable is a Type mismatch
20 FOR I=1 TO "5"
30 NEXT
