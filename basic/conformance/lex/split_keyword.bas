10 REM a keyword with an embedded space is not a keyword
20 PRINT "A"
30 PR INT 5
