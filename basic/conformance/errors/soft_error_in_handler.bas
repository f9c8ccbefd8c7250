10 REM a soft Overflow or Division by zero while the ON ERROR handler runs is the error that stops the program (S MATH1.ASM DV010: TRAPER looks at ONELIN alone; GWMAIN.ASM ERRMOR: ONEFLG set, NOTRAP)
20 ON ERROR GOTO 100
30 ERROR 5
40 PRINT "back"
50 END
100 PRINT "in handler"
110 A=1E30*1E30: PRINT "after";A
120 RESUME NEXT
