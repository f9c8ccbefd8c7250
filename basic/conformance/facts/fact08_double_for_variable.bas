5 REM fact 8: a double FOR variable is a Type mismatch
10 FOR A#=1 TO 10: PRINT A#: NEXT A#
