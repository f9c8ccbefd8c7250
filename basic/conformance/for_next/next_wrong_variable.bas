10 REM NEXT naming a variable with no active loop
20 FOR I=1 TO 2
30 NEXT J
