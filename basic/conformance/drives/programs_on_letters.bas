10 REM LOAD, RUN, CHAIN and MERGE find programs on any drive letter of the program's disk
20 Q$ = CHR$(34): OPEN "B:PART2.BAS" FOR OUTPUT AS 1
30 PRINT #1, "10 PRINT "; Q$; "part two"; Q$; "; X": PRINT #1, "20 KILL "; Q$; "C:PART2.BAS"; Q$
40 PRINT #1, "30 PRINT "; Q$; "chained from a:"; Q$: CLOSE
50 X = 7: COMMON X
60 CHAIN "A:PART2"
