10 REM relational operators give -1 for true and 0 for false
20 PRINT 5>3;5<3;2=2;"A"<"B";1<>1
30 A=(3>2)*10:PRINT A
