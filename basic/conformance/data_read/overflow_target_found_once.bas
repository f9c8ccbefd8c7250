10 REM READ finds its variable once (PTRGET) before FIN converts the item: an item too large for its variable prints Overflow and the largest value goes where the subscripts pointed
20 DIM A(10)
30 DATA 1E39, -1E39
40 READ A(INT(RND*10)), A(INT(RND*10))
50 FOR I = 0 TO 10: IF A(I) <> 0 THEN PRINT I; A(I)
60 NEXT
70 PRINT RND
