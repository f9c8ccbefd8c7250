10 REM KILL of a missing file is File not found
20 KILL "NOSUCH.DAT"
