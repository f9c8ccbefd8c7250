10 REM a colon inside REM does not end the comment : PRINT "NO"
20 REM : PRINT "NO"
30 PRINT "YES":REM : PRINT "NO"
