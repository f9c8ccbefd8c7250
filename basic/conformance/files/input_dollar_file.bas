10 REM INPUT$(n,#f) reads raw characters from a file
20 OPEN "O",1,"I1.DAT":PRINT #1,"HELLO":CLOSE 1
30 OPEN "I",1,"I1.DAT"
40 A$=INPUT$(3,#1):B$=INPUT$(2,1)
50 PRINT A$;"|";B$;"|";ASC(INPUT$(1,1))
60 CLOSE 1:KILL "I1.DAT"
