10 REM A FIELD variable is a view of its file number's buffer memory, which CLOSE keeps: it still shows it, LSET writes it, and the next random file on that number starts from it
20 OPEN "O", 1, "F1.DAT": PRINT #1, "ABCD";: CLOSE 1
30 OPEN "O", 1, "F2.DAT": PRINT #1, "WXYZ";: CLOSE 1
40 OPEN "F1.DAT" AS 1 LEN = 2: FIELD 1, 2 AS R$: GET 1, 1: PRINT R$
50 CLOSE 1: PRINT "["; R$; "]"
60 LSET R$ = "QQ": PRINT "["; R$; "]"
70 OPEN "F2.DAT" AS 1 LEN = 2: PRINT "["; R$; "]": GET 1, 2: PRINT R$
80 CLOSE 1: OPEN "F2.DAT" AS 1 LEN = 1: PRINT "["; R$; "]": GET 1, 1: PRINT "["; R$; "]"
90 CLOSE: OPEN "F2.DAT" AS 2 LEN = 2: GET 2, 1: PRINT R$
100 CLOSE: KILL "F1.DAT": KILL "F2.DAT"
