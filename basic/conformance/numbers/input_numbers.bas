10 REM INPUT reads numbers as literals are read (blanks inside skipped)
20 INPUT A: PRINT A
30 INPUT B#: PRINT B#
40 INPUT C%: PRINT C%
50 INPUT D, E: PRINT D; E
