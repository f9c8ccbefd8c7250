10 REM PRINT with ; joins items; numbers get a leading sign space and a trailing space
20 PRINT 1;-1;"A";"B";2
30 PRINT "X";-5;"Y"
