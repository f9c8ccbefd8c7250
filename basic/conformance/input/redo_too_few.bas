10 REM too few values gives ?Redo from start
20 INPUT A,B
30 PRINT A;B
