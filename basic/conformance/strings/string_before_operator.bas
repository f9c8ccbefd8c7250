10 REM a string left of an operator that takes numbers is refused before the right operand is read
20 ON ERROR GOTO 1000
30 DIM Y(10):X=0
40 X="A"-Y(20)
50 X="A" AND Y(20)
60 X="A"^Y(20)
70 X="A" MOD Y(20)
80 X="A"\Y(20)
90 X="A"*Y(20)
100 X="A"/Y(20)
110 X=Y(20)-"A"
120 X=1-"A"
130 X=("A"<Y(20))
140 X="A"+Y(20)
150 X=NOT "A"
160 X="A" OR Y(20)
170 PRINT "END"
180 END
1000 PRINT "E";ERR;ERL:RESUME NEXT
