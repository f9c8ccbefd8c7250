10 REM ? is PRINT
20 ? "HI";1
30 ?
40 ?"X"
