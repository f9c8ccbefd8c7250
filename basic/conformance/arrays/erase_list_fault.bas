10 REM ERASE erases the arrays before a fault in its list
20 ON ERROR GOTO 200
30 DIM A(2), B(2)
40 ERASE A,
50 ERASE A
60 ERASE B 5
70 ERASE B
80 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
