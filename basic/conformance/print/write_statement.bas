10 REM WRITE puts commas between items and quotes strings; numbers without spaces
20 WRITE 1,"A",-2.5,""
30 WRITE "X";3
40 WRITE
50 WRITE .5,100000!
