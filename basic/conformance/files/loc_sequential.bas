10 REM LOC of a sequential output file counts the 128-byte blocks written
20 OPEN "O",1,"L1.DAT"
30 PRINT LOC(1)
40 PRINT #1,STRING$(200,"A")
50 PRINT LOC(1)
60 CLOSE 1
70 OPEN "I",1,"L1.DAT":PRINT LOF(1)
80 CLOSE 1:KILL "L1.DAT"
