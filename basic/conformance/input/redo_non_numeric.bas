10 REM a non-numeric reply to a numeric INPUT gives ?Redo from start
20 INPUT "N";N
30 PRINT N
