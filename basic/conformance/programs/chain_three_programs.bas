10 REM CHAIN through three programs sharing COMMON variables, a string array and an open file
20 Q$ = CHR$(34)
30 OPEN "CH2.BAS" FOR OUTPUT AS #2
40 PRINT #2, "10 COMMON N, T$, L$()"
50 PRINT #2, "20 PRINT " Q$ "two:" Q$ "; N; T$; L$(1); L$(2); X"
60 PRINT #2, "30 PRINT #1, " Q$ "from two" Q$
70 PRINT #2, "40 N = N + 1: T$ = T$ + " Q$ "+" Q$ ": L$(2) = " Q$ "c" Q$ ": X = 7"
80 PRINT #2, "50 CHAIN " Q$ "CH3" Q$
90 CLOSE #2
100 OPEN "CH3.BAS" FOR OUTPUT AS #2
110 PRINT #2, "10 PRINT " Q$ "three:" Q$ "; N; T$; L$(1); L$(2); X"
120 PRINT #2, "20 PRINT #1, " Q$ "from three" Q$ ": CLOSE #1"
130 PRINT #2, "30 OPEN " Q$ "SHARED.DAT" Q$ " FOR INPUT AS #1"
140 PRINT #2, "40 WHILE NOT EOF(1): LINE INPUT #1, A$: PRINT A$: WEND: CLOSE #1"
150 PRINT #2, "50 KILL " Q$ "SHARED.DAT" Q$ ": KILL " Q$ "CH2.BAS" Q$ ": KILL " Q$ "CH3.BAS" Q$
160 CLOSE #2
170 OPEN "SHARED.DAT" FOR OUTPUT AS #1
180 PRINT #1, "from one"
190 DIM L$(2): L$(1) = "a": L$(2) = "b"
200 N = 1: T$ = "one": X = 5
210 COMMON N, T$, L$()
220 CHAIN "CH2"
