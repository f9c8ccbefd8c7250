10 REM _ makes the next format character a literal
20 PRINT USING "_!&_&";"X"
30 PRINT USING "__!";"Y"
