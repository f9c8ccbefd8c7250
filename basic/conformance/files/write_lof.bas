10 REM LOF of a file written with WRITE# counts every byte including CR LF and Ctrl-Z
20 OPEN "O",1,"S1.DAT":WRITE #1,1,"A":CLOSE 1
30 OPEN "I",1,"S1.DAT":PRINT LOF(1):CLOSE 1
40 KILL "S1.DAT"
