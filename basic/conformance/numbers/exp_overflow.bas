10 REM EXP past the single range is a soft Overflow
20 PRINT EXP(88)
30 PRINT EXP(89)
40 PRINT EXP(-89); "DONE"
