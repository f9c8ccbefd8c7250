10 REM opening a missing file for input is File not found
20 OPEN "I",1,"NOSUCH.DAT"
