10 REM a double-precision FOR variable is a Type mismatch
20 FOR D#=1 TO 2
30 NEXT
