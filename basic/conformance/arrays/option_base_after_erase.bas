10 REM OPTION BASE may change again once every array is erased; DIM of a plain name is legal; ( and [ mix
20 ON ERROR GOTO 200
30 DIM A(3): A(1] = 5: PRINT A[1)
40 OPTION BASE 1
50 ERASE A
60 OPTION BASE 1: DIM B(2): PRINT "base 1"
70 ERASE B: OPTION BASE 0
80 DIM Q: Q = 4: PRINT Q
90 END
200 PRINT "error"; ERR; "in"; ERL: RESUME NEXT
