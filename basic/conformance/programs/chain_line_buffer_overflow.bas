10 REM CHAIN reads a file's lines as typed ones: each literal too large prints Overflow as it is read, and the byte that fills the crunch buffer stops the reading, the literal after it never read
20 L$="":FOR I=1 TO 40:L$=L$+"1#+":NEXT
30 OPEN "O",1,"OV.BAS":PRINT #1,"10 PRINT 1E39":PRINT #1,"20 PRINT 2E39;"+L$+"3E39":PRINT #1,"30 PRINT 4":CLOSE
40 CHAIN "OV"
