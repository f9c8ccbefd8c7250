1 REM SWAP, MID$= and LSET evaluate a subscript with RND once: the element read is the element written
10 FOR I=0 TO 9: A(I)=I: NEXT: B=99
20 RANDOMIZE 5
30 FOR K=1 TO 6: SWAP A(INT(RND*10)),B: NEXT
40 FOR I=0 TO 9: PRINT A(I);: NEXT: PRINT B
50 DIM S$(9): FOR I=0 TO 9: S$(I)="abcdef": NEXT
60 FOR K=1 TO 5: MID$(S$(INT(RND*10)),2)="XY": LSET S$(INT(RND*10))="Q": NEXT
70 FOR I=0 TO 9: PRINT S$(I);" ";: NEXT: PRINT
