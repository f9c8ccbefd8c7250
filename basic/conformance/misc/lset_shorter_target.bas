10 REM RSET with a longer source truncates it on the right
20 A$="ABC"
30 RSET A$="123456":PRINT "[";A$;"]"
