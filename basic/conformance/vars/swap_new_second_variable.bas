10 REM SWAP whose second operand is a variable not created yet is Illegal function call (and creates it)
20 ON ERROR GOTO 200
30 A = 1
40 SWAP A, B
50 PRINT A; B
60 SWAP A, B
70 PRINT A; B
80 SWAP C, A
90 PRINT A; C
100 SWAP A, B$
110 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
