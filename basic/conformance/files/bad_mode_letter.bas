10 REM an unknown mode letter in OPEN is Bad file mode
20 OPEN "X",1,"D1.DAT"
