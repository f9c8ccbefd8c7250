10 REM RESTORE to a missing line is Undefined line number
20 RESTORE 100
