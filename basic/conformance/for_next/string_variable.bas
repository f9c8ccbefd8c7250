10 REM a string loop variable is a Type mismatch
20 FOR A$="A" TO "C"
30 NEXT
