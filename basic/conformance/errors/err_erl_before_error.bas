10 REM ERR and ERL are 0 before any error
20 PRINT ERR;ERL
