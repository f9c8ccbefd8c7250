10 REM SWAP of two elements of one array: made on first use, subscripts in order
20 SWAP Q(1),Q(2): PRINT Q(1);Q(2)
30 Q(1)=5: SWAP Q(1),Q(10): PRINT Q(1);Q(10)
40 S$(2)="B": SWAP S$(1),S$(2): PRINT "["S$(1)"]["S$(2)"]"
50 SWAP Q(3),Q(11)
