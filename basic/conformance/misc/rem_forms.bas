10 REM REM and ' are both comments
20 REM PRINT "NO"
30 ' PRINT "NO"
40 PRINT "YES" ' trailing comment
50 PRINT "END":REM done
